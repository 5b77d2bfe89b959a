import { openApiDocument } from '~/lib/api/openapi'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/** GET /openapi.json (issue 16): the OpenAPI 3.1 description of SPEC §7's calls, generated from their schemas. Public. */
export function loader() {
  return Response.json(openApiDocument(), { headers: { 'Cache-Control': 'no-cache' } })
}

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet

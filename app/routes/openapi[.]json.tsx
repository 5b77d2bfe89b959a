import { openApiDocument } from '~/lib/api/openapi'

/** GET /openapi.json (issue 16): the OpenAPI 3.1 description of SPEC §7's calls, generated from their schemas. Public. */
export function loader() {
  return Response.json(openApiDocument(), { headers: { 'Cache-Control': 'no-cache' } })
}

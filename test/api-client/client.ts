import Ajv2020 from 'ajv/dist/2020'
import createClient, { type Middleware } from 'openapi-fetch'
import type { paths } from './openapi'

/**
 * The test client of issue 16, built only from the served description: openapi-fetch typed by the types generated
 * from it (openapi.d.ts), and every JSON answer checked against the description's schema for its path, method and
 * status — so a call that answers something its description does not say fails the test.
 */
export interface ApiClient {
  api: ReturnType<typeof createClient<paths>>
  /** Answers that did not match the description: `METHOD path status: what`. */
  mismatches: string[]
}

type Description = { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }

export function answerChecker(description: Description) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true })
  ajv.addSchema(description, 'api')
  const pointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')
  /** Why `body` is not what the description says `method path` answers with `status`; undefined when it is. */
  return (method: string, path: string, status: number, body: unknown): string | undefined => {
    const operation = description.paths[path]?.[method.toLowerCase()]
    if (!operation) return `${method} ${path} is not in the description`
    const described = operation.responses[String(status)] ? String(status) : undefined
    if (!described) return `${method} ${path} answered ${status}, which the description does not list`
    let at = `api#/paths/${pointer(path)}/${method.toLowerCase()}/responses/${described}`
    const response = operation.responses[described] as { $ref?: string }
    if (response.$ref) at = `api${response.$ref}`
    const validate = ajv.getSchema(`${at}/content/application~1json/schema`)
    if (!validate) return undefined // a file: its bytes are checked by the test
    return validate(body) ? undefined : `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`
  }
}

/** A client for `origin` that sends `credentials` (a Bearer token or a session cookie) with every call. */
export function apiClient(origin: string, description: Description, credentials: { token?: string; cookie?: string }): ApiClient {
  const mismatches: string[] = []
  const check = answerChecker(description)
  const checking: Middleware = {
    async onResponse({ request, response, schemaPath }) {
      if (!(response.headers.get('Content-Type') ?? '').includes('application/json')) return undefined
      const why = check(request.method, schemaPath, response.status, await response.clone().json())
      if (why) mismatches.push(why)
      return undefined
    },
  }
  const api = createClient<paths>({
    baseUrl: origin,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(credentials.token ? { Authorization: `Bearer ${credentials.token}` } : {}),
      ...(credentials.cookie ? { Cookie: credentials.cookie } : {}),
    },
  })
  api.use(checking)
  return { api, mismatches }
}

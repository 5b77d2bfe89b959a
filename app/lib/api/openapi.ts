import { z } from 'zod/v4'
import { FORM_MAX_MEGABYTES } from '../http/form-limit'
import { refusalAnswer, type ApiCall } from './call'
import { calls } from './calls'

/**
 * The OpenAPI 3.1 description served at /openapi.json, generated from calls.ts — the schemas the calls validate their
 * fields with and the shapes they answer — so it cannot drift from the code. A field schema is described as it is
 * sent (zod's input side: a flag is "0" or "1"); an answer as it is sent back (the output side).
 */

type JsonSchema = Record<string, unknown>

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' })
  return rest
}

const REFUSAL = { $ref: '#/components/schemas/Refusal' }

function refusal(description: string) {
  return { description, content: { 'application/json': { schema: REFUSAL } } }
}

function requestOf(call: ApiCall) {
  if (call.body === 'none') return {}
  const schema = jsonSchema(call.fields, 'input')
  if (call.body === 'query') {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
    const required = new Set((schema.required ?? []) as string[])
    return { parameters: Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property })) }
  }
  const mediaType = call.body === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded'
  return { requestBody: { required: true, content: { [mediaType]: { schema } } } }
}

function responsesOf(call: ApiCall) {
  const content =
    call.answer === 'file'
      ? { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } }
      : { 'application/json': { schema: jsonSchema(call.answer, 'output') } }
  const answers = Object.fromEntries(
    (call.statuses ?? [200]).map((status) => [String(status), { description: call.answer === 'file' ? 'The file, as an attachment.' : status < 400 ? 'Done.' : 'Refused; the answer says why.', content }]),
  )
  const refusals = Object.fromEntries(Object.entries(call.refusals).map(([status, codes]) => [status, refusal(`Refused: ${codes.join(', ')}.`)]))
  // formOf's limit, for every call that takes a form (app/lib/http/form.server.ts).
  const tooLarge = call.body === 'form' ? { 413: refusal(`Refused: FormTooLarge (a form over ${FORM_MAX_MEGABYTES} MiB).`) } : {}
  return { ...answers, ...refusals, ...tooLarge, 401: { $ref: '#/components/responses/Unauthorized' } }
}

/** The API's own version: its major number changes when a call changes in a way existing clients notice. */
export const API_VERSION = '1.0.0'

export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const call of Object.values(calls) as ApiCall[]) {
    paths[call.path] ??= {}
    paths[call.path]![call.method] = {
      operationId: call.operationId,
      tags: [call.tag],
      summary: call.summary,
      ...requestOf(call),
      responses: responsesOf(call),
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tulks',
      version: API_VERSION,
      description:
        'SPEC §7 calls of Tulks, a computer-assisted translation server. Send the browser session cookie or a personal ' +
        'access token (Authorization: Bearer …; make one on the settings page or with POST /tokens). Refusals are ' +
        '{ "errors": [{ "code", "message" }] } with a 4xx status, the message in the interface language.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    security: [{ bearer: [] }, { session: [] }],
    tags: [...new Set((Object.values(calls) as ApiCall[]).map((call) => call.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A personal access token (tulks_…).' },
        session: { type: 'apiKey', in: 'cookie', name: 'tulks_session', description: "The browser's session cookie." },
      },
      schemas: { Refusal: jsonSchema(refusalAnswer, 'output') },
      responses: { Unauthorized: refusal('Unauthorized (no session or token) or InvalidToken.') },
    },
  }
}

import { z } from 'zod/v4'
import { rowIdField } from '../http/fields'

/**
 * What a SPEC §7 call is: the form fields it validates with, the shape it answers and the refusals it may send. Each
 * group of SPEC §7 (files, segments, comments, tm, mt, settings, tokens) describes its calls in a module of its own
 * (files.ts …) and answers them in its `.server.ts` twin, through `answer()`, which the compiler holds to the answer's
 * schema; /openapi.json is generated from the descriptions (openapi.ts). Zod 4 (bundled with our zod 3.25 as
 * `zod/v4`) writes JSON Schema 2020-12, the dialect OpenAPI 3.1 uses.
 */

/** How a call takes its fields. */
export type Body = 'form' | 'multipart' | 'query' | 'none'

export interface ApiCall<F extends z.ZodObject = z.ZodObject, A extends z.ZodType | 'file' = z.ZodType | 'file'> {
  method: 'get' | 'post'
  path: `/${string}`
  operationId: string
  tag: 'Files' | 'Segments' | 'Comments' | 'Translation memory' | 'Machine translation' | 'Settings' | 'Access tokens'
  summary: string
  body: Body
  fields: F
  answer: A
  /** The statuses of an answer: 200 unless said. */
  statuses?: number[]
  /** Refusals besides the 401 every call may send, by status: the codes. */
  refusals: Record<number, string[]>
}

export function call<F extends z.ZodObject, A extends z.ZodType | 'file'>(spec: ApiCall<F, A>): ApiCall<F, A> {
  return spec
}

/** What a call answers, as its schema says: the compiler checks every answer against the description. */
export function answer<A extends z.ZodType>(call: ApiCall<z.ZodObject, A>, value: z.output<A>, init?: ResponseInit): Response {
  return Response.json(value, init)
}

export const refusalAnswer = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string().meta({ description: 'In the interface language (the culture cookie; Latvian without one).' }) })),
  current: z
    .object({
      segmentId: z.number().int(),
      version: z.number().int(),
      translation: z.string(),
      status: z.enum(['NEW', 'DRAFT', 'TRANSLATED']),
      editedBy: z.string().nullable().meta({ description: 'Whose save made it so; null when unknown (a pretranslation, a replace).' }),
    })
    .optional()
    .meta({ description: 'Issue 52, with 409 Conflict: the segment as someone else left it since the version the save was based on.' }),
})

/** The longest text a lookup call (TM matches, concordance, MT) takes. */
export const LOOKUP_TEXT_MAX = 10_000

export const projectId = rowIdField.meta({ description: 'The project (file) id, as the file list and files/upload give it.' })
export const projectPassword = z.string().max(200).meta({ description: "The project's password, as the file list and files/upload give it." })
export const segmentId = rowIdField.meta({ description: 'A segment id, as the segments call gives it.' })
export const ofProject = { projectId, projectPassword }
export const seconds = z.number().int().meta({ description: 'Unix time in seconds.' })
export const percent = z.number().meta({ description: 'Percent, 0–100.' })
export const noFields = z.object({})
export const invalid = { 400: ['InvalidValue'] }
export const projectRefusals = { 400: ['InvalidValue'], 404: ['NotFound'] }

import type { z } from 'zod/v4'
import { requireApiUser } from '../auth/session.server'
import type { User } from '../auth/users.server'
import { FORM_MAX_MEGABYTES } from '../http/form-limit'
import { formOf } from '../http/form.server'
import { getFixedT } from '../i18n/i18n.server'
import { findProject, projectOfSegment, type ProjectSummary } from '../projects/projects.server'
import { FLAG_ISSUE } from '../http/fields'
import type { ApiCall } from './call'

/** A refusal as every API call sends it: `{ errors: [{ code, message }] }`, the message from the common namespace. */
export async function apiRefusal(request: Request, status: number, code: string, key: string, values?: Record<string, string>): Promise<Response> {
  const t = await getFixedT(request, 'common')
  return Response.json({ errors: [{ code, message: t(key, values) }] }, { status })
}

/**
 * A SPEC §7 GET call's answer to a POST: 405 with `Allow`, in the caller's language (Remix alone would answer an
 * untranslated "Unexpected Server Error"). POST calls send a GET to the file list instead, as any other address does.
 */
export async function getOnlyRefusal(request: Request): Promise<Response> {
  const refusal = await apiRefusal(request, 405, 'MethodNotAllowed', 'api.wrongMethod', { method: 'GET' })
  refusal.headers.set('Allow', 'GET')
  return refusal
}

/** The action of a route that only answers GET (a download, a JSON resource): any other method gets getOnlyRefusal. */
export const refuseAllButGet = ({ request }: { request: Request }): Promise<Response> => getOnlyRefusal(request)

/** A SPEC §7 call's form (formOf): one over the limit is the API's 413 `FormTooLarge`, as /openapi.json says. */
export function apiFormOf(request: Request): Promise<FormData> {
  return formOf(request, () => apiRefusal(request, 413, 'FormTooLarge', 'api.formTooLarge', { megabytes: String(FORM_MAX_MEGABYTES) }))
}

/** Fields that name a row: a value that cannot is "not found", as an address with a bad id is. */
const ID_FIELDS = new Set(['projectId', 'projectPassword', 'segmentId'])

/**
 * The form's text fields; an empty one reads as not sent where the field may be left out, so its default applies
 * (an empty `mtSystemId`, which must be sent, still says "none").
 */
function sentFields(sent: Iterable<[string, FormDataEntryValue]>, schema: z.ZodObject): Record<string, string> {
  const mayBeLeftOut = (name: string) => schema.shape[name]?.safeParse(undefined).success ?? true
  return Object.fromEntries([...sent].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && (entry[1] !== '' || !mayBeLeftOut(entry[0]))))
}

type Fields<F extends z.ZodObject> = { ok: true; fields: z.output<F> } | { ok: false; refusal: Response }

/**
 * The call's fields, parsed with its own schema (calls.ts): from the form (a body that is not a form reads as an
 * empty one), or from the query for a GET. A malformed id is 404 NotFound, another
 * bad field 400 InvalidValue naming it — translated, never a 500.
 */
export async function readFields<F extends z.ZodObject>(request: Request, call: ApiCall<F>): Promise<Fields<F>> {
  const sent =
    call.body === 'query'
      ? new URL(request.url).searchParams
      : call.body === 'form'
        ? await apiFormOf(request)
        : new FormData()
  const parsed = call.fields.safeParse(sentFields(sent, call.fields))
  if (parsed.success) return { ok: true, fields: parsed.data }
  const issue = parsed.error.issues[0]
  const field = String(issue?.path[0] ?? '')
  if (ID_FIELDS.has(field)) return { ok: false, refusal: await apiRefusal(request, 404, 'NotFound', 'api.notFound') }
  const key = issue?.message === FLAG_ISSUE ? 'api.invalidFlag' : 'api.invalidField'
  return { ok: false, refusal: await apiRefusal(request, 400, 'InvalidValue', key, { field }) }
}

type Answer = Response | Promise<Response>

/** A call of the signed-in caller (cookie or token) with its parsed fields. */
export async function userCall<F extends z.ZodObject>(
  request: Request,
  call: ApiCall<F>,
  answer: (user: User, fields: z.output<F>) => Answer,
): Promise<Response> {
  const user = await requireApiUser(request)
  const read = await readFields(request, call)
  return read.ok ? answer(user, read.fields) : read.refusal
}

/**
 * A call about one of the caller's files (projectId, and projectPassword where SPEC names it; where the schema makes
 * it optional it is checked only if sent). Another user's file or a wrong password is 404, as in the pages. Read
 * straight from the database, so any instance answers.
 */
export function projectCall<F extends z.ZodObject>(
  request: Request,
  call: ApiCall<F>,
  answer: (project: ProjectSummary, fields: z.output<F>, user: User) => Answer,
): Promise<Response> {
  return userCall(request, call, async (user, fields) => {
    const { projectId, projectPassword } = fields as { projectId: number; projectPassword?: string }
    const project = await findProject(user.id, projectId, projectPassword)
    return project ? answer(project, fields, user) : apiRefusal(request, 404, 'NotFound', 'api.notFound')
  })
}

/** A call about one segment of the caller's files (segmentId); another user's segment is 404. */
export function segmentCall<F extends z.ZodObject>(
  request: Request,
  call: ApiCall<F>,
  answer: (project: ProjectSummary, segmentId: number, fields: z.output<F>, user: User) => Answer,
): Promise<Response> {
  return userCall(request, call, async (user, fields) => {
    const { segmentId } = fields as { segmentId: number }
    const project = await projectOfSegment(user.id, segmentId)
    return project ? answer(project, segmentId, fields, user) : apiRefusal(request, 404, 'NotFound', 'api.notFound')
  })
}

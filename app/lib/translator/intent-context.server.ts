import type { User } from '../auth/users.server'
import { safeRedirect } from '../auth/redirect'
import { setFlash, type Flash } from '../http/flash.server'
import type { ProjectSummary } from '../projects/projects.server'
import { placeHref, readPlace, type TranslatorPlace } from '../projects/translator-url'
import { revisesIn } from '../projects/revision'

/**
 * What every intent of the translator's forms gets (issue 16: one small module per intent, the route only
 * dispatches): the request, its user and project, the posted form, and the addresses an answer goes back to.
 */
export interface IntentContext {
  request: Request
  user: User
  project: ProjectSummary
  form: FormData
  intent: string
  /** The form's text fields. */
  fields: Record<string, string>
  /** The translator's own address. */
  base: string
  /** Where a toolbar action returns: the page it was posted from, if it is this translator. */
  backHere: string
  /** The translator address of a segment, keeping the search and the open tab. */
  at: (segmentId?: number) => string
  /** Issue 52 point 4: the page revises (a reviewer's always, the owner's in revise mode): its saves keep the status. */
  revising: boolean
  /** The Set-Cookie header that shows `message` once on the next page. */
  flash: (message: Flash) => Promise<{ 'Set-Cookie': string }>
}

export function intentContext(request: Request, user: User, project: ProjectSummary, form: FormData): IntentContext {
  const base = `/translate/${project.id}/${project.password}`
  const back = safeRedirect(form.get('back'), base)
  const fields = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  const place: Partial<TranslatorPlace> = readPlace(new URLSearchParams(fields))
  return {
    request,
    user,
    project,
    form,
    intent: fields.intent ?? '',
    fields,
    base,
    backHere: back.startsWith(base) ? back : base,
    revising: revisesIn(project.role, place.revise === true),
    at: (segmentId) => placeHref(base, { ...place, segment: segmentId }),
    flash: async (message) => ({ 'Set-Cookie': await setFlash(message, request) }),
  }
}

import { createCookie } from '@remix-run/node'
import { keepPostedForm } from '../auth/kept-form.server'
import { newSecret, secretHash } from '../auth/secret-token.server'
import { db } from '../db/db.server'
import { filledFields } from '../http/filled-fields'
import { formOf } from '../http/form.server'
import { rowId } from '../http/row-id'
import { accessibleBy } from '../projects/projects.server'
import { placeHref, readPlace } from '../projects/translator-url'
import { settingsFromForm, type PostedSettings } from './settings-form'

/**
 * A translation, a comment, a glossary term or the project's settings posted after the session ended — expired, or
 * signed out in another tab — are not lost: they are kept (table kept_texts, under the SHA-256 of a token in this
 * cookie) while the translator signs in again, and the translator page then shows them where they were typed — the
 * segment's editor, the comment box, the "add a term" form or the settings menu — unsaved, with a message saying so.
 * Nothing is saved for a user who is not signed in: they see their text and save it.
 */
const keptCookie = createCookie('tulks_kept', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 24 * 60 * 60 })

/** The translator's forms that hold no text of a segment: kept whole, to be sent again. */
const WHOLE_FORMS = new Set(['pretranslate-tm', 'pretranslate-mt', 'save-mt-system'])

/** How many kept texts a project holds at most: the newest stay. */
const KEPT_PER_PROJECT = 20

/** The "add a term" form as it was posted. */
export interface KeptTerm {
  source: string
  target: string
  glossaryId: string
}

export type KeptText = { segmentId: number } & (
  | {
      /** The segment's translation, or the comment being published on it. */
      kind: 'target' | 'comment'
      text: string
    }
  | { kind: 'term'; term: KeptTerm }
  | { kind: 'settings'; settings: PostedSettings }
)

/** What a post keeps: the intent's text, or nothing for an intent that holds none. */
function postedText(form: FormData): { kind: KeptText['kind']; text: string } | undefined {
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  switch (form.get('intent')) {
    case 'comment-add':
      return { kind: 'comment', text: field('message') }
    case 'add-term': {
      const term: KeptTerm = { source: field('newTermSource'), target: field('newTermTarget'), glossaryId: field('newTermGlossary') }
      return term.source.trim() === '' && term.target.trim() === '' ? undefined : { kind: 'term', text: JSON.stringify(term) }
    }
    case 'project-settings':
      return { kind: 'settings', text: JSON.stringify(settingsFromForm(form)) }
    default:
      return { kind: 'target', text: field('target') }
  }
}

/**
 * For a translator post without a session: keeps the posted segment's translation (when it differs from what is
 * stored) or the comment being published, when the segment is one of the project the address names. Returns the
 * cookie that finds it again and the translator address of that segment (where signing in returns), or nothing.
 */
export async function keepPostedText(
  request: Request,
  params: { projectId?: string; password?: string },
  userId: number,
): Promise<{ cookie: string; returnTo: string } | undefined> {
  const projectId = rowId(params.projectId)
  const form = await formOf(request)
  const segmentId = rowId(form.get('segmentId'))
  const posted = postedText(form)
  // The toolbar's forms (pretranslation, the MT system), and the settings posted from a page with no segment in view
  // (a search that matched none), have no editor to go back to: the page offers to send them again (kept-form.server.ts).
  if (WHOLE_FORMS.has(String(form.get('intent'))) || (segmentId === undefined && posted?.kind === 'settings')) return keepPostedForm(request, userId, form)
  if (projectId === undefined || !params.password || params.password.includes('\u0000') || segmentId === undefined || !posted || posted.text.trim() === '') return undefined
  const { kind, text } = posted
  const token = newSecret()
  const [row] = await db().query<{ kept: number }>(
    `with kept as (
       insert into kept_texts (token_hash, user_id, project_id, segment_id, kind, text)
       select $1, $7, p.id, s.id, $6, $5
         from projects p join segments s on s.project_id = p.id
        where p.id = $2 and p.password = $3 and ${accessibleBy('$7')} and p.deleted_at is null and s.id = $4
          and ($6 <> 'target' or s.target is distinct from $5)
       returning project_id
     ), swept as (
       delete from kept_texts
        where kept_at < now() - interval '1 day'
           or token_hash in (select token_hash from kept_texts where project_id in (select project_id from kept)
                              order by kept_at desc offset ${KEPT_PER_PROJECT - 1})
     )
     select count(*)::int as kept from kept`,
    [secretHash(token), projectId, params.password, segmentId, text, kind, userId],
  )
  if (!row?.kept) return undefined
  const place = readPlace(new URLSearchParams(filledFields(form)))
  return {
    cookie: await keptCookie.serialize(token, { secure: new URL(request.url).protocol === 'https:' }),
    returnTo: placeHref(`/translate/${projectId}/${params.password}`, { ...place, segment: segmentId, ...(kind === 'comment' ? { panel: 'comments' as const } : {}) }),
  }
}

/**
 * The text kept for this project's segment, taken once: the row goes and the returned header clears the cookie.
 * A cookie for another segment or project stays until that one is opened or the day is out.
 */
export async function takeKeptText(request: Request, userId: number, projectId: number, segmentId: number | undefined): Promise<{ kept?: KeptText; clear?: string }> {
  const token: unknown = await keptCookie.parse(request.headers.get('Cookie'))
  if (typeof token !== 'string' || token === '' || segmentId === undefined) return {}
  const [row] = await db().query<{ kind: KeptText['kind']; text: string }>(
    `delete from kept_texts
      where token_hash = $1 and user_id = $4 and project_id = $2 and segment_id = $3 and kept_at > now() - interval '1 day'
      returning kind, text`,
    [secretHash(token), projectId, segmentId, userId],
  )
  if (!row) return {}
  return { kept: keptOf(segmentId, row), clear: await keptCookie.serialize('', { maxAge: 0 }) }
}

/** A stored row as the page takes it: a term's and the settings' forms are kept as JSON. */
function keptOf(segmentId: number, { kind, text }: { kind: KeptText['kind']; text: string }): KeptText {
  switch (kind) {
    case 'term':
      return { segmentId, kind, term: JSON.parse(text) as KeptTerm }
    case 'settings':
      return { segmentId, kind, settings: JSON.parse(text) as PostedSettings }
    default:
      return { segmentId, kind, text }
  }
}

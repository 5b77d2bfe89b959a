import crypto from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { db } from '../db/db.server'
import { formOf } from '../http/form.server'
import { rowId } from '../http/row-id'
import { placeHref, readPlace } from '../projects/translator-url'

/**
 * A translation posted after the session ended — expired, or signed out in another tab — is not lost: it is kept
 * (table kept_texts, under the SHA-256 of a token in this cookie) while the translator signs in again, and the
 * translator page then shows it in the segment's editor, unsaved, with a message saying so. Nothing is saved for
 * a user who is not signed in: they see their text and save or confirm it themselves.
 */
const keptCookie = createCookie('tulks_kept', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 24 * 60 * 60 })

/** How many kept texts a project holds at most: the newest stay. */
const KEPT_PER_PROJECT = 20

export interface KeptText {
  segmentId: number
  target: string
}

function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex')
}

/**
 * For a translator post without a session: keeps the posted segment's text when it is a segment of the project
 * the address names and differs from what is stored. Returns the cookie that finds it again and the translator
 * address of that segment (where signing in returns), or nothing to keep.
 */
export async function keepPostedText(request: Request, params: { projectId?: string; password?: string }): Promise<{ cookie: string; returnTo: string } | undefined> {
  const projectId = rowId(params.projectId)
  const form = await formOf(request)
  const segmentId = rowId(form.get('segmentId'))
  const target = form.get('target')
  if (projectId === undefined || !params.password || segmentId === undefined || typeof target !== 'string' || target === '') return undefined
  const token = crypto.randomBytes(32).toString('base64url')
  const [row] = await db().query<{ kept: number }>(
    `with kept as (
       insert into kept_texts (token_hash, project_id, segment_id, target)
       select $1, p.id, s.id, $5
         from projects p join segments s on s.project_id = p.id
        where p.id = $2 and p.password = $3 and p.deleted_at is null and s.id = $4 and s.target is distinct from $5
       returning project_id
     ), swept as (
       delete from kept_texts
        where kept_at < now() - interval '1 day'
           or token_hash in (select token_hash from kept_texts where project_id in (select project_id from kept)
                              order by kept_at desc offset ${KEPT_PER_PROJECT - 1})
     )
     select count(*)::int as kept from kept`,
    [tokenHash(token), projectId, params.password, segmentId, target],
  )
  if (!row?.kept) return undefined
  const place = readPlace(new URLSearchParams([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string')))
  return {
    cookie: await keptCookie.serialize(token, { secure: new URL(request.url).protocol === 'https:' }),
    returnTo: placeHref(`/translate/${projectId}/${params.password}`, { ...place, segment: segmentId }),
  }
}

/**
 * The text kept for this project's segment, taken once: the row goes and the returned header clears the cookie.
 * A cookie for another segment or project stays until that one is opened or the day is out.
 */
export async function takeKeptText(request: Request, projectId: number, segmentId: number | undefined): Promise<{ kept?: KeptText; clear?: string }> {
  const token: unknown = await keptCookie.parse(request.headers.get('Cookie'))
  if (typeof token !== 'string' || token === '' || segmentId === undefined) return {}
  const [row] = await db().query<{ target: string }>(
    `delete from kept_texts
      where token_hash = $1 and project_id = $2 and segment_id = $3 and kept_at > now() - interval '1 day'
      returning target`,
    [tokenHash(token), projectId, segmentId],
  )
  if (!row) return {}
  return { kept: { segmentId, target: row.target }, clear: await keptCookie.serialize('', { maxAge: 0 }) }
}

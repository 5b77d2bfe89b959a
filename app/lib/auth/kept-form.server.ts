import { createCookie } from '@remix-run/node'
import { db } from '../db/db.server'
import { formOf } from '../http/form.server'
import { newSecret, secretHash } from './secret-token.server'

/**
 * A form posted after the session ended — expired, or signed out in another tab — outside the translator's own
 * forms (which kept-text.server.ts puts back where they were typed): a memory, glossary or token being made, a file
 * renamed, the profile's settings. Its fields are kept as they were sent (table kept_forms, under the SHA-256 of a
 * token in this cookie) for the page it was sent from; after signing in, that page offers to send it again. Nothing
 * is done for a user who is not signed in: they see what was kept and send it themselves (decision 0022).
 */
const keptFormCookie = createCookie('tulks_kept_form', { path: '/', httpOnly: true, sameSite: 'lax', maxAge: 24 * 60 * 60 })

/** The largest form kept, urlencoded: these forms hold a name or a few choices. */
const KEPT_FORM_MAX_BYTES = 16_384

/** How many kept forms a user has at most: the newest stay. */
const KEPT_FORMS_PER_USER = 20

/** A form put back on its page: where it posts and the fields it sends. */
export interface KeptForm {
  action: string
  fields: [string, string][]
}

/**
 * Keeps a form posted after `userId`'s session ended (issue 50: only then, and for that user alone) and returns its
 * cookie and the page to return to after signing in (the page it was sent from), or nothing for a form that is not
 * kept: one with a file (an upload's bytes are not stored for a browser nobody is signed in on), with a password, or
 * larger than KEPT_FORM_MAX_BYTES. `form` is the request's form when the caller has read it already.
 */
export async function keepPostedForm(request: Request, userId: number, form?: FormData): Promise<{ cookie: string; returnTo: string } | undefined> {
  const type = request.headers.get('Content-Type') ?? ''
  if (request.method !== 'POST' || (!form && !type.startsWith('application/x-www-form-urlencoded'))) return undefined
  const entries = [...(form ?? (await formOf(request).catch(() => new FormData())))]
  const fields = entries.filter((entry): entry is [string, string] => typeof entry[1] === 'string')
  if (fields.length === 0 || fields.length < entries.length || fields.some(([name]) => /password/i.test(name))) return undefined
  const encoded = new URLSearchParams(fields).toString()
  if (encoded.length > KEPT_FORM_MAX_BYTES) return undefined
  const url = new URL(request.url)
  const action = pageOf(url)
  const page = sentFrom(request) ?? action
  const token = newSecret()
  await db().query(
    `with kept as (
       insert into kept_forms (token_hash, user_id, page, action, fields) values ($1, $5, $2, $3, $4)
     )
     delete from kept_forms
      where kept_at < now() - interval '1 day'
         or token_hash in (select token_hash from kept_forms where user_id = $5 order by kept_at desc offset ${KEPT_FORMS_PER_USER - 1})`,
    [secretHash(token), page, action, encoded, userId],
  )
  return { cookie: await keptFormCookie.serialize(token, { secure: url.protocol === 'https:' }), returnTo: page }
}

/**
 * The form `userId` kept for the page this request shows, taken once: the row goes and the returned header clears the
 * cookie. A cookie for another page stays until that page is opened or the day is out; another user who signs in in
 * that browser is not given it.
 */
export async function takeKeptForm(request: Request, userId: number): Promise<{ kept?: KeptForm; clear?: string }> {
  const token: unknown = await keptFormCookie.parse(request.headers.get('Cookie'))
  if (typeof token !== 'string' || token === '') return {}
  const [row] = await db().query<{ action: string; fields: string }>(
    `delete from kept_forms where token_hash = $1 and user_id = $3 and page = $2 and kept_at > now() - interval '1 day' returning action, fields`,
    [secretHash(token), pageOf(new URL(request.url)), userId],
  )
  if (!row) return {}
  return { kept: { action: row.action, fields: [...new URLSearchParams(row.fields)] }, clear: await keptFormCookie.serialize('', { maxAge: 0 }) }
}

/** What the kept form holds, as the page lists it: the fields typed or chosen, not the form's own ids and intent. */
export function keptValues(kept: KeptForm): [string, string][] {
  return kept.fields
    .filter(([name, value]) => value.trim() !== '' && !/^(intent|id|back|redirectTo)$|Ids?$/.test(name))
    .map(([name, value]): [string, string] => [name, value.length > 80 ? `${value.slice(0, 79)}…` : value])
    .slice(0, 8)
}

/** The page the form was sent from (its Referer, when it is this site's), as a path with its query. */
function sentFrom(request: Request): string | undefined {
  const referer = request.headers.get('Referer')
  if (!referer) return undefined
  try {
    const from = new URL(referer)
    return from.origin === new URL(request.url).origin ? pageOf(from) : undefined
  } catch {
    return undefined
  }
}

/** An address as kept: its path and query, without the parameter Remix adds when it asks for a route's data. */
function pageOf(url: URL): string {
  const query = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '' && !pair.startsWith('_data='))
    .join('&')
  return query ? `${url.pathname}?${query}` : url.pathname
}

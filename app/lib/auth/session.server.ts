import { createCookie, redirect } from '@remix-run/node'
import { db } from '../db/db.server'
import { getEnv } from '../env.server'
import { setFlash } from '../http/flash.server'
import { getFixedT } from '../i18n/i18n.server'
import { bearerToken, userForAccessToken } from './access-tokens.server'
import { keepPostedForm } from './kept-form.server'
import { signInAddress } from './redirect'
import { newSecret, secretHash } from './secret-token.server'
import type { User } from './users.server'
import { defaultProfile, type Profile } from '../profile/profile.server'

/** The cookie holds a random token; the sessions row holds its SHA-256 (DESIGN "Security"). */
export const sessionCookie = createCookie('tulks_session', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
})

/**
 * Issue 50 (found again by its e2e test): a session that ends — signed out in one tab, or expired — leaves this cookie
 * for a day, holding the ended session's token. Another tab of the same browser then posts without a session cookie
 * (signing out removed it for every tab), and what it posted is still kept for the user whose session it was, as the
 * ended session's row (kept a day) says. It signs nothing in: its row has ended.
 */
export const endedSessionCookie = createCookie('tulks_ended', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
})

const ENDED_COOKIE_SECONDS = 24 * 60 * 60

/** How long the browser keeps the session cookie: the longest browsers allow, as a session in use is renewed. */
const COOKIE_DAYS = 400

function isHttps(request: Request) {
  return new URL(request.url).protocol === 'https:'
}

/** Starts a session and returns the Set-Cookie header that carries it. */
export async function createSession(userId: number, request: Request): Promise<string> {
  const token = newSecret()
  const days = getEnv().SESSION_DAYS
  await db().query(
    `insert into sessions (id, user_id, expires_at) values ($1, $2, now() + make_interval(days => $3))`,
    [secretHash(token), userId, days],
  )
  // Rows ended a day ago are of no use to anyone; sweep them while we are here (cheap, indexed). A row that ended
  // lately still says whose it was: a form posted on it is kept for that user alone (kept-form.server.ts).
  await db().query(`delete from sessions where expires_at < now() - interval '1 day'`)
  // The row decides when the session ends; the cookie outlives it (browsers keep a cookie 400 days at most).
  return sessionCookie.serialize(token, { maxAge: Math.max(days, COOKIE_DAYS) * 24 * 60 * 60, secure: isHttps(request) })
}

export type SessionState =
  /** `profile`: the user's settings, read with the session (none for an access token). */
  | { status: 'signed-in'; user: User; sessionId: string; profile?: Profile }
  /**
   * The cookie names no session in use: ended (expired, signed out — then `userId` says whose it was) or unknown.
   * `ended`: read from the ended session's cookie (the session cookie is gone), whose end was already said.
   */
  | { status: 'expired'; userId?: number; token?: string; ended?: boolean }
  | { status: 'none' }
  /** An `Authorization: Bearer` header whose token is unknown or revoked (issue 16). */
  | { status: 'bad-token' }

/**
 * Remix hands each loader of a page its own Request, so the root and route loaders would each read the session
 * row. With the request's scope (TulksLoadContext.requestScope, new for every HTTP request) they share one read.
 * Nothing outlives the request: a session revoked since is seen by the next one. Sign-in and sign-out always
 * redirect, so no loader of theirs reads a session they changed.
 */
const sessionOfRequest = new WeakMap<object, { cookie: string; session: Promise<SessionState> }>()

export function readSession(request: Request, context?: { requestScope?: object }): Promise<SessionState> {
  const scope = context?.requestScope
  if (!scope) return readSessionRow(request)
  const cookie = `${request.headers.get('Cookie')}\n${request.headers.get('Authorization')}`
  const known = sessionOfRequest.get(scope)
  if (known?.cookie === cookie) return known.session
  const session = readSessionRow(request)
  sessionOfRequest.set(scope, { cookie, session })
  return session
}

/**
 * The id of the session row the request's cookie names (its token's hash), for a read sent beside the session's own
 * (issue 53: the translator's project, requireUserAndProject); undefined for a program's token or no cookie. It proves
 * nothing: what is read with it is used only for the user the session check signs in.
 */
export async function sessionKey(request: Request): Promise<string | undefined> {
  if (bearerToken(request) !== undefined) return undefined
  const token: unknown = await sessionCookie.parse(request.headers.get('Cookie'))
  return typeof token === 'string' && token.length > 0 ? secretHash(token) : undefined
}

async function readSessionRow(request: Request): Promise<SessionState> {
  // A program's personal access token (issue 16) decides alone: a request that names one is not read as a browser's.
  const bearer = bearerToken(request)
  if (bearer !== undefined) {
    const user = bearer ? await userForAccessToken(bearer) : undefined
    return user ? { status: 'signed-in', user, sessionId: '' } : { status: 'bad-token' }
  }
  const token: unknown = await sessionCookie.parse(request.headers.get('Cookie'))
  if (typeof token !== 'string' || token.length === 0) return endedSession(request)
  const id = secretHash(token)
  const days = getEnv().SESSION_DAYS
  const row = await sessionRow(id, days)
  // A session that ended (expired, or signed out elsewhere) knows its user; a cookie whose row is gone (swept, or
  // forged) reads as expired too, of nobody.
  if (!row) return { status: 'expired' }
  if (row.expired) return { status: 'expired', userId: row.id, token }
  // A session in use lasts: SESSION_DAYS from its last day of use (SPEC §6's refresh), renewed at most once a day.
  if (row.renew) await db().query(`update sessions set expires_at = now() + make_interval(days => $2) where id = $1`, [id, days])
  return { status: 'signed-in', user: { id: row.id, email: row.email, name: row.name }, sessionId: id, profile: row.profile }
}

/**
 * The session's row, with its user and the user's settings (every page's root loader shows them: one statement fewer a
 * page, issue 53). Settings that cannot be read must not stop the page (SPEC §6): then the session alone, and the
 * root loader reads the settings itself and says that they failed.
 */
async function sessionRow(id: string, days: number): Promise<(SessionRow & { profile?: Profile }) | undefined> {
  const columns = `u.id, u.email, u.name, s.expires_at <= now() as expired,
                   s.expires_at < now() + make_interval(days => $2) - interval '1 day' as renew`
  try {
    // A user without a settings row has the defaults (loadProfile's rule): every setting column is then null.
    const [row] = await db().query<SessionRow & { [Name in keyof Profile]: Profile[Name] | null }>(
      `select ${columns}, us.tm_pretranslate as "tmPretranslate", us.mt_pretranslate as "mtPretranslate", us.update_mt as "updateMt"
         from sessions s join users u on u.id = s.user_id left join user_settings us on us.user_id = u.id
        where s.id = $1`,
      [id, days],
    )
    if (!row) return undefined
    const { tmPretranslate, mtPretranslate, updateMt, ...session } = row
    const unset = tmPretranslate === null || mtPretranslate === null || updateMt === null
    return { ...session, profile: unset ? defaultProfile : { tmPretranslate, mtPretranslate, updateMt } }
  } catch {
    const [row] = await db().query<SessionRow>(`select ${columns} from sessions s join users u on u.id = s.user_id where s.id = $1`, [id, days])
    return row
  }
}

type SessionRow = User & { expired: boolean; renew: boolean }

/** No session cookie: whose session ended in this browser lately, if one did (endedSessionCookie). */
async function endedSession(request: Request): Promise<SessionState> {
  const token: unknown = await endedSessionCookie.parse(request.headers.get('Cookie'))
  if (typeof token !== 'string' || token.length === 0) return { status: 'none' }
  const [row] = await db().query<{ id: number }>('select user_id as id from sessions where id = $1 and expires_at <= now()', [secretHash(token)])
  return row ? { status: 'expired', userId: row.id, ended: true } : { status: 'none' }
}

function endedCookieHeader(token: string, request: Request): Promise<string> {
  return endedSessionCookie.serialize(token, { maxAge: ENDED_COOKIE_SECONDS, secure: isHttps(request) })
}

export async function getUser(request: Request, context?: { requestScope?: object }): Promise<User | undefined> {
  const session = await readSession(request, context)
  return session.status === 'signed-in' ? session.user : undefined
}

/** The signed-in user's settings as the session read them; undefined without them (an access token, no session). */
export async function sessionProfile(request: Request, context?: { requestScope?: object }): Promise<Profile | undefined> {
  const session = await readSession(request, context)
  return session.status === 'signed-in' ? session.profile : undefined
}

/**
 * What a form posted after its user's session ended keeps while they sign in again: a cookie, and where to return.
 * Kept for that user alone (issue 50): a post with no session, or with a cookie no session ever had, keeps nothing.
 */
export type KeepPosted = (userId: number) => Promise<{ cookie: string; returnTo: string } | undefined>

/**
 * The signed-in user, or a redirect to the sign-in address with the current location appended (SPEC §6).
 * An expired session gets a message on the sign-in page and its dead cookie removed. A form's post is kept, to be
 * sent again from its page after signing in (kept-form.server.ts), or by `keep`, which puts the translator's text
 * back where it was typed; either names the address to return to, and the message then says so.
 */
export async function requireUser(request: Request, context?: { requestScope?: object }, keep?: KeepPosted): Promise<User> {
  const session = await readSession(request, context)
  if (session.status === 'signed-in') return session.user
  if (session.status === 'bad-token' || asksForJson(request)) throw await unauthorized(request, session)
  const headers = new Headers()
  if (session.status === 'expired' && !session.ended) headers.append('Set-Cookie', await clearSessionCookie(request))
  if (session.status === 'expired' && session.token) headers.append('Set-Cookie', await endedCookieHeader(session.token, request))
  const userId = session.status === 'expired' ? session.userId : undefined
  const kept = userId === undefined ? undefined : await (keep ?? ((id: number) => keepPostedForm(request, id)))(userId)
  if (kept) headers.append('Set-Cookie', kept.cookie)
  const expiredNow = session.status === 'expired' && !session.ended
  const message = kept ? 'auth:sessionEndedKept' : expiredNow ? 'auth:sessionExpired' : undefined
  if (message) headers.append('Set-Cookie', await setFlash({ kind: 'info', key: message }, request))
  throw redirect(signInAddress(getEnv().SIGN_IN_URL, request, kept?.returnTo), { headers })
}

/**
 * Signs out: the session ends now (its row stays a day, saying whose it was, for a form another tab posts on it), the
 * session cookie goes and the ended session's cookie stays a day; returns the Set-Cookie headers.
 */
export async function destroySession(request: Request): Promise<string[]> {
  const token: unknown = await sessionCookie.parse(request.headers.get('Cookie'))
  if (typeof token !== 'string' || token.length === 0) return [await clearSessionCookie(request)]
  await db().query('update sessions set expires_at = now() where id = $1 and expires_at > now()', [secretHash(token)])
  return [await clearSessionCookie(request), await endedCookieHeader(token, request)]
}

function clearSessionCookie(request: Request): Promise<string> {
  return sessionCookie.serialize('', { maxAge: 0, secure: isHttps(request) })
}

/** For JSON calls made by the page's scripts: 401 instead of a redirect (SPEC §6; the page then redirects). */
export async function requireApiUser(request: Request): Promise<User> {
  const session = await readSession(request)
  if (session.status === 'signed-in') return session.user
  throw await unauthorized(request, session)
}

/**
 * A program, not a browser navigation: it sends a token or asks for JSON. It gets a 401 it can read, where a
 * browser is sent to the sign-in address (SPEC §6).
 */
export function asksForJson(request: Request): boolean {
  return bearerToken(request) !== undefined || (request.headers.get('Accept') ?? '').includes('application/json')
}

async function unauthorized(request: Request, session: SessionState): Promise<Response> {
  const t = await getFixedT(request, 'auth')
  const [code, key] = session.status === 'bad-token' ? ['InvalidToken', 'api.invalidToken'] : ['Unauthorized', 'api.unauthorized']
  return Response.json({ code: 0, errors: [{ code, message: t(key) }] }, { status: 401, headers: { 'WWW-Authenticate': 'Bearer' } })
}

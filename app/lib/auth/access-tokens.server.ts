import { newSecret, secretHash } from './secret-token.server'
import { db } from '../db/db.server'
import { filledFields } from '../http/filled-fields'
import { TOKEN_NAME_MAX } from './access-token-rules'
import type { User } from './users.server'
import { tokenFields } from './token-fields'

/**
 * Personal access tokens (issue 16): how programs call the API, sent as `Authorization: Bearer <token>`. The token is
 * shown once, when it is made; the database keeps its SHA-256 (as for sessions) and its first characters, so that
 * the list can tell tokens apart. Revoking deletes the row: the next request with that token is refused.
 */
export interface AccessToken {
  id: number
  name: string
  /** The token's first characters, followed by "…" in the list. */
  hint: string
  createdAt: Date
  lastUsedAt: Date | null
}

/** Every token starts so, which lets a secret scanner recognise one that leaked into a repository. */
const PREFIX = 'tulks_'
const HINT_LENGTH = PREFIX.length + 4
/** A user's tokens at most: enough for every program a translator or a team runs, few enough to list on one page. */
export const TOKENS_PER_USER = 50
/** `last_used_at` is written at most this often per token, not on every request. */
const TOUCH_EVERY_MS = 60_000

export type TokenNameProblem = 'empty' | 'tooLong' | 'tooMany'

export async function createAccessToken(
  userId: number,
  rawName: string,
): Promise<{ ok: true; token: string; accessToken: AccessToken } | { ok: false; problem: TokenNameProblem }> {
  const name = rawName.trim()
  if (name.length === 0) return { ok: false, problem: 'empty' }
  if ([...name].length > TOKEN_NAME_MAX) return { ok: false, problem: 'tooLong' }
  const token = PREFIX + newSecret()
  // The count and the insert are one statement, so two requests at once cannot both pass the limit unseen.
  const [row] = await db().query<AccessToken>(
    `insert into access_tokens (user_id, name, token_hash, hint)
     select $1, $2, $3, $4 where (select count(*) from access_tokens where user_id = $1) < $5
     returning id, name, hint, created_at as "createdAt", last_used_at as "lastUsedAt"`,
    [userId, name, secretHash(token), token.slice(0, HINT_LENGTH), TOKENS_PER_USER],
  )
  if (!row) return { ok: false, problem: 'tooMany' }
  return { ok: true, token, accessToken: row }
}

export function listAccessTokens(userId: number): Promise<AccessToken[]> {
  return db().query<AccessToken>(
    `select id, name, hint, created_at as "createdAt", last_used_at as "lastUsedAt"
       from access_tokens where user_id = $1 order by id desc`,
    [userId],
  )
}

/** The revoked token's name; undefined when the user has no such token (never theirs, or already revoked). */
export async function revokeAccessToken(userId: number, id: number): Promise<string | undefined> {
  const [deleted] = await db().query<{ name: string }>('delete from access_tokens where user_id = $1 and id = $2 returning name', [userId, id])
  return deleted?.name
}

/** The token's owner, or undefined for a token that is unknown or revoked. Notes when it was last used. */
export async function userForAccessToken(token: string): Promise<User | undefined> {
  if (!token.startsWith(PREFIX)) return undefined
  const [row] = await db().query<User & { tokenId: number; stale: boolean }>(
    `select u.id, u.email, u.name, t.id as "tokenId",
            (t.last_used_at is null or t.last_used_at < now() - make_interval(secs => $2)) as stale
       from access_tokens t join users u on u.id = t.user_id
      where t.token_hash = $1`,
    [secretHash(token), TOUCH_EVERY_MS / 1000],
  )
  if (!row) return undefined
  if (row.stale) await db().query('update access_tokens set last_used_at = now() where id = $1', [row.tokenId])
  return { id: row.id, email: row.email, name: row.name }
}

/**
 * The token of an `Authorization: Bearer …` header ('' when the header names no token); undefined without a Bearer
 * header. Another scheme (Basic, from a proxy that asks for a password in front of Tulks) is left to the proxy.
 */
export function bearerToken(request: Request): string | undefined {
  const header = request.headers.get('Authorization') ?? ''
  if (!/^Bearer(\s|$)/i.test(header)) return undefined
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? ''
}

export type AccessTokenCall =
  | { ok: true; kind: 'created'; token: string; accessToken: AccessToken }
  | { ok: true; kind: 'revoked'; id: number; name: string }
  | { ok: false; status: number; code: string; key: string }

const problemCodes: Record<TokenNameProblem, string> = { empty: 'TokenNameEmpty', tooLong: 'TokenNameTooLong', tooMany: 'TooManyTokens' }

/**
 * POST /tokens and the settings page's forms, one function (issue 16): `name` makes a token; `intent=revoke` with
 * `id` revokes one of the user's. A refusal carries its HTTP status, API code and translation key (namespace auth).
 * The form is read by the caller (formOf), which decides how a form over the limit is refused.
 */
export async function accessTokenCall(userId: number, form: FormData, request: Request): Promise<AccessTokenCall> {
  const parsed = tokenFields.safeParse(filledFields(form))
  const fields = parsed.success ? parsed.data : {}
  // Issue 50: a token made with a token would outlive the revocation of the one that made it (a leaked token could keep
  // itself alive): new tokens need a signed-in session. Revoking needs no more than a token.
  if (bearerToken(request) !== undefined && form.get('intent') !== 'revoke') {
    return { ok: false, status: 403, code: 'SessionRequired', key: 'tokens.errors.sessionRequired' }
  }
  if (form.get('intent') === 'revoke') {
    const id = 'id' in fields ? fields.id : undefined
    const name = id === undefined ? undefined : await revokeAccessToken(userId, id)
    if (id === undefined || name === undefined) return { ok: false, status: 404, code: 'NotFound', key: 'tokens.errors.notFound' }
    return { ok: true, kind: 'revoked', id, name }
  }
  const created = await createAccessToken(userId, ('name' in fields ? fields.name : undefined) ?? '')
  if (!created.ok) {
    const status = created.problem === 'tooMany' ? 409 : 400
    return { ok: false, status, code: problemCodes[created.problem], key: `tokens.errors.${created.problem}` }
  }
  return { ok: true, kind: 'created', token: created.token, accessToken: created.accessToken }
}

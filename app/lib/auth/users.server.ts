import { db } from '../db/db.server'
import type { Queryable } from '../db/database.server'
import { decoyHash, hashPassword, verifyPassword } from './password.server'

export interface User {
  id: number
  email: string
  name: string
}

const FIRST_ACCOUNT_LOCK = 7_301_202_612

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export async function countUsers(): Promise<number> {
  const [row] = await db().query<{ count: number }>('select count(*) as count from users')
  return row?.count ?? 0
}

export async function findUserById(id: number): Promise<User | undefined> {
  const [user] = await db().query<User>('select id, email, name from users where id = $1', [id])
  return user
}

export async function findUserWithHash(email: string): Promise<(User & { passwordHash: string }) | undefined> {
  const [user] = await db().query<User & { passwordHash: string }>(
    'select id, email, name, password_hash as "passwordHash" from users where lower(email) = $1',
    [normaliseEmail(email)],
  )
  return user
}

export type CreateUserResult =
  | { ok: true; user: User }
  | { ok: false; error: 'email-taken' | 'sign-up-closed' }

/**
 * Creates an account. With `onlyIfFirst`, it succeeds only while no account exists — checked and written
 * under one lock, so two first visitors racing cannot both become "the first".
 */
export async function createUser(
  input: { email: string; name: string; password: string },
  options: { onlyIfFirst?: boolean } = {},
): Promise<CreateUserResult> {
  const passwordHash = await hashPassword(input.password)
  return db().transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [FIRST_ACCOUNT_LOCK])
    if (options.onlyIfFirst) {
      const [row] = await tx.query<{ count: number }>('select count(*) as count from users')
      if ((row?.count ?? 0) > 0) return { ok: false, error: 'sign-up-closed' } as const
    }
    if (await emailExists(tx, input.email)) return { ok: false, error: 'email-taken' } as const
    const [user] = await tx.query<User>(
      'insert into users (email, name, password_hash) values ($1, $2, $3) returning id, email, name',
      [input.email.trim(), input.name.trim(), passwordHash],
    )
    if (!user) throw new Error('insert into users returned no row')
    await tx.query('insert into user_settings (user_id) values ($1)', [user.id])
    return { ok: true, user } as const
  })
}

async function emailExists(tx: Queryable, email: string): Promise<boolean> {
  const rows = await tx.query('select 1 from users where lower(email) = $1', [normaliseEmail(email)])
  return rows.length > 0
}

/** The account for these credentials, or undefined; takes as long for unknown emails as for known ones. */
export async function verifyLogin(email: string, password: string): Promise<User | undefined> {
  const user = await findUserWithHash(email)
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()))
  if (!user || !valid) return undefined
  return { id: user.id, email: user.email, name: user.name }
}

import { db } from '../db/db.server'
import { getEnv } from '../env.server'

/**
 * Repeated failed sign-ins are slowed down and then refused for a while, per account and per address
 * (issue #2). Counts live in the database so every app instance sees the same numbers.
 */
export function limitKeys(email: string, address: string | undefined): LimitKey[] {
  const env = getEnv()
  const keys: LimitKey[] = [{ key: `account:${email.trim().toLowerCase()}`, max: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT }]
  if (address) keys.push({ key: `address:${address}`, max: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS })
  return keys
}

export type LimitKey = { key: string; max: number }

/**
 * Counts a sign-in attempt for each key before the password is checked, in one statement per key (issue 50: 16 wrong
 * passwords sent at once were all checked, though the limit was 5 — each checked the count, then counted). An attempt
 * goes ahead while no key is locked and none has counted more than its most within the window; the others are
 * refused unchecked. A success gives its count back (clearFailures); a failure locks the keys that reached their most.
 */
export async function takeAttempt(keys: LimitKey[]): Promise<{ allowed: true; attempts: number } | { allowed: false; seconds: number }> {
  const minutes = getEnv().SIGN_IN_LOCK_MINUTES
  let attempts = 0
  let refusedSeconds = 0
  for (const { key, max } of keys) {
    const [row] = await db().query<{ failures: number; lockedSeconds: number | null }>(
      `insert into sign_in_failures as f (key, failures, first_failure_at) values ($1, 1, now())
       on conflict (key) do update set
         failures = case when f.first_failure_at < now() - make_interval(mins => $2) and coalesce(f.locked_until <= now(), true)
                         then 1 else f.failures + 1 end,
         first_failure_at = case when f.first_failure_at < now() - make_interval(mins => $2) and coalesce(f.locked_until <= now(), true)
                         then now() else f.first_failure_at end
       returning failures, ceil(extract(epoch from locked_until - now()))::int as "lockedSeconds"`,
      [key, minutes],
    )
    const failures = row?.failures ?? 0
    attempts = Math.max(attempts, failures)
    if ((row?.lockedSeconds ?? 0) > 0) refusedSeconds = Math.max(refusedSeconds, row!.lockedSeconds!)
    // More attempts in flight than the key allows: refused now; the failures ahead of it lock the key.
    else if (failures > max) refusedSeconds = Math.max(refusedSeconds, minutes * 60)
  }
  return refusedSeconds > 0 ? { allowed: false, seconds: refusedSeconds } : { allowed: true, attempts }
}

/** After a wrong password: every key that has counted its most is locked for the window. */
export async function recordFailure(keys: LimitKey[]): Promise<number> {
  const minutes = getEnv().SIGN_IN_LOCK_MINUTES
  let locked = 0
  for (const { key, max } of keys) {
    const [row] = await db().query<{ seconds: number | null }>(
      `update sign_in_failures set locked_until = now() + make_interval(mins => $2)
        where key = $1 and failures >= $3 and coalesce(locked_until <= now(), true)
        returning ceil(extract(epoch from locked_until - now()))::int as seconds`,
      [key, minutes, max],
    )
    locked = Math.max(locked, row?.seconds ?? 0)
  }
  return locked
}

/** After a success: the account starts afresh, and the attempt is given back to the address (colleagues behind one NAT). */
export async function clearFailures(keys: LimitKey[]): Promise<void> {
  const [account, ...others] = keys
  if (account) await db().query('delete from sign_in_failures where key = $1', [account.key])
  for (const { key } of others) await db().query('update sign_in_failures set failures = greatest(failures - 1, 0) where key = $1', [key])
}

/** How long to hold a failed answer: nothing for a typo, then doubling from 250 ms up to 4 s. */
export function slowdownMs(failures: number): number {
  if (failures <= 1) return 0
  return Math.min(4000, 250 * 2 ** (failures - 2))
}

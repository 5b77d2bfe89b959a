import { db } from '../db/db.server'
import { getEnv } from '../env.server'

/**
 * Repeated failed sign-ins are slowed down and then refused for a while, per account and per address
 * (issue #2). Counts live in the database so every app instance sees the same numbers.
 */
export function limitKeys(email: string, address: string | undefined) {
  const env = getEnv()
  const keys = [{ key: `account:${email.trim().toLowerCase()}`, max: env.SIGN_IN_MAX_FAILURES_PER_ACCOUNT }]
  if (address) keys.push({ key: `address:${address}`, max: env.SIGN_IN_MAX_FAILURES_PER_ADDRESS })
  return keys
}

/** Seconds until sign-in is allowed again for any of these keys; 0 when it is allowed now. */
export async function secondsLocked(keys: { key: string }[]): Promise<number> {
  const [row] = await db().query<{ seconds: number | null }>(
    `select ceil(extract(epoch from max(locked_until) - now()))::int as seconds
       from sign_in_failures where key = any($1) and locked_until > now()`,
    [keys.map((k) => k.key)],
  )
  return Math.max(0, row?.seconds ?? 0)
}

/** Counts one failure for each key; returns the highest count within the window, for the slow-down. */
export async function recordFailure(keys: { key: string; max: number }[]): Promise<number> {
  const minutes = getEnv().SIGN_IN_LOCK_MINUTES
  let highest = 0
  for (const { key, max } of keys) {
    const [row] = await db().query<{ failures: number }>(
      `insert into sign_in_failures (key, failures, first_failure_at) values ($1, 1, now())
       on conflict (key) do update set
         failures = case when sign_in_failures.first_failure_at < now() - make_interval(mins => $2)
                         then 1 else sign_in_failures.failures + 1 end,
         first_failure_at = case when sign_in_failures.first_failure_at < now() - make_interval(mins => $2)
                         then now() else sign_in_failures.first_failure_at end,
         locked_until = case when sign_in_failures.first_failure_at >= now() - make_interval(mins => $2)
                              and sign_in_failures.failures + 1 >= $3
                         then now() + make_interval(mins => $2) else sign_in_failures.locked_until end
       returning failures`,
      [key, minutes, max],
    )
    highest = Math.max(highest, row?.failures ?? 0)
  }
  return highest
}

export async function clearFailures(key: string): Promise<void> {
  await db().query('delete from sign_in_failures where key = $1', [key])
}

/** How long to hold a failed answer: nothing for a typo, then doubling from 250 ms up to 4 s. */
export function slowdownMs(failures: number): number {
  if (failures <= 1) return 0
  return Math.min(4000, 250 * 2 ** (failures - 2))
}

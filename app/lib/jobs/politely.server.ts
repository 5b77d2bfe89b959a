import { db } from '../db/db.server'

/**
 * Runs one write of a background task and then, on PostgreSQL, rests as long as it took: the database server's
 * processes do not share the worker's lower OS priority, so without a rest a conversion's writes take the cores from
 * the translators' queries (bench/load). PGlite's database thread already runs requests' statements first
 * (db/database-host.server.ts), so there it does not rest. A conversion stays well within the time it took before
 * issue 15.
 */
export async function politely<T>(write: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await write()
  if (db().kind === 'postgres') await new Promise((resolve) => setTimeout(resolve, Math.min(50, performance.now() - started)))
  return result
}

import { db } from '~/lib/db/db.server'
import type { TmUnit } from '~/lib/tm/tmx'
import { writeTmx } from '~/lib/tm/tmx-write'

/** The TMX text of `units`, as Tulks writes it. */
export async function tmxText(units: readonly TmUnit[]): Promise<string> {
  let text = ''
  for await (const piece of writeTmx(units, { sourceLang: 'en', creationToolVersion: 'test' })) text += piece
  return text
}

/** The TMX stored as an upload is, queued for its task (tmx-import.server.ts). */
export async function storedImport(owner: number, memoryId: number, text: string): Promise<number> {
  const bytes = new TextEncoder().encode(text)
  const [row] = await db().query<{ id: number }>(
    `insert into tmx_imports (owner_id, memory_id, file_name, file_size, status) values ($1, $2, 'test.tmx', $3, 'queued') returning id`,
    [owner, memoryId, bytes.length],
  )
  // Small chunks, so that the file is read in several.
  for (let at = 0, position = 0; at < bytes.length; at += 16 * 1024, position++) {
    await db().query('insert into tmx_import_chunks (import_id, position, bytes) values ($1, $2, $3)', [row!.id, position, bytes.subarray(at, at + 16 * 1024)])
  }
  return row!.id
}

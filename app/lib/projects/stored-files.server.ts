import crypto from 'node:crypto'
import { db } from '../db/db.server'

/**
 * Uploaded files, stored in the database so that any instance can convert and download them (DESIGN "Data flow"),
 * in chunks: each chunk is its own short statement, so storing or reading a 50 MB file never holds the embedded
 * database's one session for long (migration 13, docs/decisions/0013).
 */
export const FILE_CHUNK_BYTES = 256 * 1024

/** Stores `bytes` and returns the stored file's id; nothing is left behind if a chunk cannot be written. */
export async function storeFile(bytes: Uint8Array): Promise<number> {
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex')
  const [file] = await db().query<{ id: number }>('insert into stored_files (size, sha256) values ($1, $2) returning id', [bytes.byteLength, sha256])
  const fileId = file!.id
  try {
    for (let position = 0, offset = 0; offset < bytes.byteLength || position === 0; position++, offset += FILE_CHUNK_BYTES) {
      await db().query('insert into stored_file_chunks (file_id, position, bytes) values ($1, $2, $3)', [
        fileId,
        position,
        bytes.subarray(offset, offset + FILE_CHUNK_BYTES),
      ])
    }
  } catch (error) {
    await deleteStoredFile(fileId).catch(() => {})
    throw error
  }
  return fileId
}

/** The file's chunks in order, one statement each. */
export async function* storedFileChunks(fileId: number): AsyncGenerator<Uint8Array> {
  for (let position = 0; ; position++) {
    // As base64 text: decoded natively here, where PGlite's bytea parser walks the hex text a byte at a time.
    const [chunk] = await db().query<{ base64: string }>(
      `select encode(bytes, 'base64') as base64 from stored_file_chunks where file_id = $1 and position = $2`,
      [fileId, position],
    )
    if (!chunk) return
    yield new Uint8Array(Buffer.from(chunk.base64, 'base64'))
  }
}

export async function storedFileBytes(fileId: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  for await (const chunk of storedFileChunks(fileId)) chunks.push(chunk)
  return Buffer.concat(chunks)
}

export async function deleteStoredFile(fileId: number): Promise<void> {
  await db().query('delete from stored_files where id = $1', [fileId])
}

/**
 * Housekeeping: files stored for an upload that never became a project, a glossary import or an exchange import (it
 * failed, or the server stopped), and files held across a language swap (held_uploads) that Analyze did not take in time.
 */
export async function removeOrphanedFiles(olderThanMinutes = 60): Promise<number> {
  const rows = await db().query(
    `delete from stored_files f
      where f.created_at < now() - make_interval(mins => $1)
        and not exists (select 1 from project_files p where p.file_id = f.id)
        and not exists (select 1 from glossary_imports g where g.file_id = f.id)
        and not exists (select 1 from exchange_imports e where e.file_id = f.id)
        and not exists (select 1 from held_uploads h where h.file_id = f.id and h.created_at >= now() - make_interval(mins => $1))
      returning id`,
    [olderThanMinutes],
  )
  return rows.length
}

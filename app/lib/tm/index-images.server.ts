/**
 * Images of memories' indexes in the database (decision 0030, issue 53): the worker stores a memory's built index
 * (index-image.ts) at an index version, and an instance loading the memory reads the image's keys and then only the
 * units changed and removed since that version (index-cache.server.ts), instead of every unit; the image's
 * concordance words are read for the memory's first concordance search. The image is a derived copy like the
 * in-process one: the units stay the record, and a missing, replaced or unreadable image only means the memory is
 * loaded from its units.
 */
import type { Database, Queryable } from '../db/database.server'
import { enqueue } from '../jobs/queue.server'
import { decodeImage, encodeImage, type IndexWords } from './index-image'
import { MemoryIndex } from './memory-index'

/**
 * A load that reads this many units from tm_units, or an import of this many, queues a new image; smaller memories
 * load from their units in half a second (bench/tm: 100,000 units in about 1 s), and keep no image (tests set fewer).
 */
export const imageFrom = { units: 50_000 }

/** Bytes a part: one statement each, short enough not to hold the embedded database's one session long (tests set fewer). */
export const imagePart = { bytes: 4 * 1024 * 1024 }

/** Parts read at once on PostgreSQL (on PGlite one: its one session is every request's). */
const READS_AT_ONCE = 3

interface Head {
  version: number
  keyParts: number
  keyBytes: number
  parts: number
  wordBytes: number
}

async function headOf(database: Queryable, memoryId: number): Promise<Head | undefined> {
  const [head] = await database.query<Record<keyof Head, string | number>>(
    `select version, key_parts as "keyParts", key_bytes as "keyBytes", parts, word_bytes as "wordBytes" from tm_index_images where memory_id = $1`,
    [memoryId],
  )
  if (!head) return undefined
  const { version, keyParts, keyBytes, parts, wordBytes } = head
  return { version: Number(version), keyParts: Number(keyParts), keyBytes: Number(keyBytes), parts: Number(parts), wordBytes: Number(wordBytes) }
}

/**
 * Parts `from` to `to` - 1 of the memory's image at `version`, `length` bytes in all, in one buffer of their own;
 * undefined when they are not all there (a newer image replaced this one meanwhile) or not of this size. Read as
 * base64: the drivers read bytea as hex text, twice the bytes, and a part came a quarter to a half slower (decision
 * 0030). On PostgreSQL a few at once, so that the server reads the next while this process decodes one.
 */
async function partsOf(
  database: Database,
  memoryId: number,
  version: number,
  from: number,
  to: number,
  length: number,
): Promise<Uint8Array | undefined> {
  const bytes = new Uint8Array(length)
  const count = to - from
  let next = 0
  let read = 0
  let whole = true
  const reader = async () => {
    while (next < count && whole) {
      const part = next++
      const [row] = await database.query<{ text: string }>(
        `select encode(bytes, 'base64') as text from tm_index_image_parts where memory_id = $1 and version = $2 and part = $3`,
        [memoryId, version, from + part],
      )
      const got = row ? Buffer.from(row.text, 'base64') : undefined
      if (!got || (part < count - 1 ? got.length !== imagePart.bytes : part * imagePart.bytes + got.length !== length)) whole = false
      else {
        bytes.set(got, part * imagePart.bytes)
        read += got.length
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(count, database.kind === 'postgres' ? READS_AT_ONCE : 1) }, reader))
  return whole && read === length ? bytes : undefined
}

/**
 * The memory's index as its image holds it, without its concordance words (readImageWords), and the index version it
 * holds; undefined when there is none or it cannot be read (replaced twice while it was read, of another format).
 */
export async function readIndexImage(database: Database, memoryId: number): Promise<{ index: MemoryIndex; version: number } | undefined> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const head = await headOf(database, memoryId)
    if (!head) return undefined
    const bytes = await partsOf(database, memoryId, head.version, 0, head.keyParts, head.keyBytes)
    if (!bytes) continue
    const keys = decodeImage(bytes, 'keys')
    return keys && { index: MemoryIndex.fromImage(keys), version: head.version }
  }
  return undefined
}

/** The concordance words of the memory's image at `version`; undefined when that image is no longer there. */
export async function readImageWords(database: Database, memoryId: number, version: number): Promise<IndexWords | undefined> {
  const head = await headOf(database, memoryId)
  if (head?.version !== version) return undefined
  const bytes = await partsOf(database, memoryId, version, head.keyParts, head.parts, head.wordBytes)
  return bytes && decodeImage(bytes, 'words')
}

/**
 * Stores `index`, the memory's at `version` with its words, as its image, unless the image stored is as new. The
 * parts are written first, each its own statement, then named in one transaction that also removes the parts of any
 * other version (a writer killed midway leaves parts that no head names, which the next one removes).
 */
export async function storeIndexImage(database: Database, memoryId: number, index: MemoryIndex, version: number): Promise<boolean> {
  const head = await headOf(database, memoryId)
  if (head && head.version >= version) return false
  const units = index.units
  const image = index.image()
  const keys = encodeImage(image, 'keys')
  const words = encodeImage(image, 'words')
  const keyParts = inParts(keys)
  const parts = [...keyParts, ...inParts(words)]
  await database.query('delete from tm_index_image_parts where memory_id = $1 and version = $2', [memoryId, version])
  for (const [part, bytes] of parts.entries()) {
    await database.query('insert into tm_index_image_parts (memory_id, version, part, bytes) values ($1, $2, $3, $4)', [
      memoryId,
      version,
      part,
      bytes,
    ])
  }
  return database.transaction(async (tx) => {
    const named = await tx.query(
      `insert into tm_index_images (memory_id, version, units, key_parts, key_bytes, parts, word_bytes)
       select $1, $2, $3, $4, $5, $6, $7 where exists (select 1 from memories where id = $1)
       on conflict (memory_id) do update set version = excluded.version, units = excluded.units, key_parts = excluded.key_parts,
              key_bytes = excluded.key_bytes, parts = excluded.parts, word_bytes = excluded.word_bytes, made_at = now()
        where tm_index_images.version < excluded.version
       returning memory_id`,
      [memoryId, version, units, keyParts.length, keys.length, parts.length, words.length],
    )
    await tx.query(
      `delete from tm_index_image_parts p where p.memory_id = $1
          and p.version <> coalesce((select version from tm_index_images where memory_id = $1), -1)`,
      [memoryId],
    )
    return named.length > 0
  })
}

function inParts(bytes: Uint8Array): Uint8Array[] {
  const size = imagePart.bytes
  return Array.from({ length: Math.ceil(bytes.length / size) }, (_, part) => bytes.subarray(part * size, (part + 1) * size))
}

/** Queues the task that stores the memory's image, unless one is queued or running already. */
export async function queueIndexImage(database: Queryable, memoryId: number): Promise<void> {
  const [waiting] = await database.query(
    `select 1 from tasks where kind = 'index-image' and status in ('queued', 'running') and payload->>'memoryId' = $1::text limit 1`,
    [memoryId],
  )
  if (!waiting) await enqueue(database, { kind: 'index-image', payload: { memoryId }, maxAttempts: 3 })
}

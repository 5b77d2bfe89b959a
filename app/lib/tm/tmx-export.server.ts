import { db } from '../db/db.server'
import { utf8Chunks } from '../http/stream-of'
import { attachment } from '../projects/projects.server'
import type { Memory } from './memories.server'
import type { TmUnit } from './tmx'
import { writeTmx } from './tmx-write'

const PAGE = 1000

/**
 * Issue 5: a memory as TMX 1.4b, read a page of units at a time and written as it is read, in chunks of about
 * 256 KiB (made in the helper thread, threads/helper-thread.server.ts).
 */
export function tmxExportChunks(memory: Memory, version: string): AsyncGenerator<Uint8Array> {
  return utf8Chunks(writeTmx(memoryUnits(memory), { sourceLang: memory.sourceLang, creationToolVersion: version, creationDate: new Date() }))
}

/** The headers of a memory's TMX download. */
export function tmxExportHeaders(memory: Memory): HeadersInit {
  return {
    'Content-Type': 'application/x-tmx+xml; charset=utf-8',
    'Content-Disposition': attachment(tmxFileName(memory.name)),
    'Cache-Control': 'private, no-store',
  }
}

/** The memory's name made safe as a file name ("EN → LV" → "EN → LV.tmx"). */
export function tmxFileName(name: string): string {
  const safe = [...name].map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char)).join('').trim()
  return `${safe || 'memory'}.tmx`
}

interface ExportRow {
  id: number | string
  source: string
  target: string
  createdBy: string
  createdAt: Date | string
  changedAt: Date | string
  context: string | null
}

/** Keyset paging by id: each page is one short query, so an export never holds the memory or a long cursor. */
async function* memoryUnits(memory: Memory): AsyncGenerator<TmUnit> {
  let after = 0
  for (;;) {
    const rows = await db().query<ExportRow>(
      `select id, source, target, created_by as "createdBy", created_at as "createdAt", changed_at as "changedAt",
              replace(context::text, '-', '') as context
         from tm_units where memory_id = $1 and id > $2 order by id limit $3`,
      [memory.id, after, PAGE],
    )
    for (const row of rows) {
      yield {
        source: row.source,
        target: row.target,
        sourceLang: memory.sourceLang,
        targetLang: memory.targetLang,
        ...(row.createdBy ? { creator: row.createdBy } : {}),
        created: new Date(row.createdAt),
        changed: new Date(row.changedAt),
        ...(row.context ? { contextHash: row.context } : {}),
      }
    }
    if (rows.length < PAGE) return
    after = Number(rows.at(-1)!.id)
  }
}

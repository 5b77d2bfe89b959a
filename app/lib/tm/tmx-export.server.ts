import { db } from '../db/db.server'
import { attachment } from '../projects/projects.server'
import type { Memory } from './memories.server'
import type { TmUnit } from './tmx'
import { writeTmx } from './tmx-write'

const PAGE = 1000

/** Issue 5: a memory as a TMX 1.4b download, read a page of units at a time and written as it is read. */
export function tmxExportResponse(memory: Memory, version: string): Response {
  const encoder = new TextEncoder()
  const xml = writeTmx(memoryUnits(memory), { sourceLang: memory.sourceLang, creationToolVersion: version, creationDate: new Date() })
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await xml.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await xml.return(undefined)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'application/x-tmx+xml; charset=utf-8',
      'Content-Disposition': attachment(tmxFileName(memory.name)),
      'Cache-Control': 'private, no-store',
    },
  })
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
}

/** Keyset paging by id: each page is one short query, so an export never holds the memory or a long cursor. */
async function* memoryUnits(memory: Memory): AsyncGenerator<TmUnit> {
  let after = 0
  for (;;) {
    const rows = await db().query<ExportRow>(
      `select id, source, target, created_by as "createdBy", created_at as "createdAt", changed_at as "changedAt"
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
      }
    }
    if (rows.length < PAGE) return
    after = Number(rows.at(-1)!.id)
  }
}

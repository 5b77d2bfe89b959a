import { db } from '../db/db.server'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'
import { checkTarget } from '../projects/segment-rules'
import { segmentsAfter } from '../projects/segments.server'
import { parse } from '../tags'
import { countBands, type BandWords } from './analysis-bands'
import { score } from './fuzzy-score'
import { readableMemoryIds, type MemoryProject } from './memories.server'
import { CONTEXT_MATCH } from './suggestions.server'
import { lookupMatches } from './lookups.server'
import { contextHash, sourceHash } from './units.server'

/**
 * Issue 5 items 6 and 7: a project's analysis against its readable memories (best match per segment, words per
 * band) and pretranslation of every 100% match. Both work in batches and report progress on the project row,
 * which the file list and the translator poll (SPEC §4).
 */
const BATCH = 200
const COUNTS_BATCH = 1_000

interface SegmentRow {
  id: number
  position: number
  /** Read only when the memories hold units to look it up in. */
  source: string
  wordCount: number
  repetitionOf: number | null
  saveType: string | null
}

export async function projectForTm(projectId: number): Promise<MemoryProject | undefined> {
  const [row] = await db().query<MemoryProject>(
    `select id, owner_id as "ownerId", source_lang as "sourceLang", target_lang as "targetLang" from projects where id = $1`,
    [projectId],
  )
  return row
}

/**
 * Records each segment's best match (repetitions are not looked up: they count as repetitions) and the words per
 * band; `progress(done)` is called after each batch with the segments looked at so far.
 */
export async function analyseTm(project: MemoryProject, progress: (done: number) => Promise<void>): Promise<BandWords> {
  const memoryIds = await readableMemoryIds(project)
  const [{ units } = { units: 0 }] = await db().query<{ units: number }>(
    'select count(*) as units from (select 1 from tm_units where memory_id = any($1::integer[]) limit 1) u',
    [memoryIds],
  )
  const analysed: { wordCount: number; tmMatch: number | null; repetition: boolean; mt: boolean }[] = []
  // With nothing to look up, only the counts are read: no source text, in larger batches (a book's 80,000 segments
  // took the embedded database 1.4 s to hand over 200 at a time with their text).
  const batch = units > 0 ? BATCH : COUNTS_BATCH
  const columns = `id, ${units > 0 ? 'source, ' : ''}word_count as "wordCount", repetition_of as "repetitionOf", save_type as "saveType"`
  let after = -1
  for (;;) {
    const rows = await segmentsAfter<SegmentRow>(project.id, after, batch, columns)
    if (rows.length === 0) break
    const matches: (number | null)[] = []
    for (const row of rows) {
      const best = units > 0 && row.repetitionOf === null ? (await lookupMatches(memoryIds, row.source, { top: 1 }))[0] : undefined
      matches.push(best?.match ?? null)
      analysed.push({ wordCount: row.wordCount, tmMatch: best?.match ?? null, repetition: row.repetitionOf !== null, mt: row.saveType === 'MT' })
    }
    // Segments arrive with no match from conversion; the position range keeps the update on the project's index
    // (without it the planner hashed the whole segments table for every batch).
    if (matches.some((match) => match !== null)) {
      await db().query(
        `update segments s set tm_match = m.match from unnest($1::integer[], $2::integer[]) as m(id, match)
          where s.id = m.id and s.project_id = $3 and s.position between $4 and $5`,
        [rows.map((row) => row.id), matches, project.id, rows[0]!.position, rows.at(-1)!.position],
      )
    }
    after = rows.at(-1)!.position
    await progress(analysed.length)
  }
  const bands = countBands(analysed)
  await db().query('update projects set analysis_bands = $2 where id = $1', [project.id, JSON.stringify(bands)])
  return bands
}

/**
 * Starts SPEC §4 "Pretranslate" from TM: the project shows PRETRANSLATING until the task is done. False when the
 * project is not ready for it (still analysing, or a pretranslation already runs).
 */
export async function startTmPretranslation(projectId: number): Promise<boolean> {
  const started = await db().transaction(async (tx) => {
    const rows = await tx.query(
      `update projects set analysis_status = 'PRETRANSLATING', pretranslated = 0
        where id = $1 and status = 'READY' and analysis_status = 'DONE' returning id`,
      [projectId],
    )
    if (rows.length === 0) return false
    await enqueue(tx, { kind: 'pretranslate', projectId, payload: { useTm: true } })
    return true
  })
  if (started) wakeWorker()
  return started
}

/**
 * Fills every segment with a 100% match (identical text, tags included) as translated, saveType TM, match 100 — 101
 * when the unit was written between the same neighbouring sources (a context match, issue 58 point 4), which is
 * taken before any other unit of that source. A confirmed segment and a translator's own typing (saveType MANUAL)
 * are never overwritten; a draft from TM or MT and an empty segment are. Returns the number of segments filled.
 */
export async function pretranslateFromTm(project: MemoryProject, progress: (done: number) => Promise<void>): Promise<number> {
  const memoryIds = await readableMemoryIds(project)
  let after = -1
  let seen = 0
  let filled = 0
  // The source before the batch (the last of the one before): each segment's context needs its neighbours.
  let before: string | undefined
  for (;;) {
    // One row more than is filled: the last one's next neighbour.
    const read = await segmentsAfter<{ id: number; position: number; source: string; status: string; target: string | null; saveType: string | null }>(
      project.id,
      after,
      BATCH + 1,
      `id, source, status, target, save_type as "saveType"`,
    )
    const batch = read.slice(0, BATCH)
    if (batch.length === 0) break
    seen += batch.length
    after = batch.at(-1)!.position
    const contexts = new Map(batch.map((row, index) => [row.id, contextHash(index === 0 ? before : batch[index - 1]!.source, read[index + 1]?.source)]))
    before = batch.at(-1)!.source
    const rows = batch.filter((row) => row.status !== 'TRANSLATED' && (!row.target || row.saveType === 'TM' || row.saveType === 'MT'))
    const hashes = rows.map((row) => sourceHash(row.source))
    const units =
      memoryIds.length === 0 || rows.length === 0
        ? []
        : await db().query<{ source: string; target: string; sourceHash: string; context: string | null }>(
            `select source, target, replace(source_hash::text, '-', '') as "sourceHash", replace(context::text, '-', '') as context
               from tm_units
              where memory_id = any($1::integer[]) and source_hash = any($2::uuid[])
              order by changed_at desc, id desc`,
            [memoryIds, hashes],
          )
    const ids: number[] = []
    const targets: string[] = []
    const matches: number[] = []
    rows.forEach((row, index) => {
      const exact = units.filter((candidate) => candidate.sourceHash === hashes[index] && score(row.source, candidate.source).match === 100)
      const inContext = exact.find((candidate) => candidate.context === contexts.get(row.id))
      const unit = inContext ?? exact[0]
      if (!unit || !checkTarget(unit.target, parse(row.source)).ok) return
      ids.push(row.id)
      targets.push(unit.target)
      matches.push(inContext ? CONTEXT_MATCH : 100)
    })
    if (ids.length > 0) {
      await db().query(
        `update segments s set target = f.target, status = 'TRANSLATED', save_type = 'TM', save_match = f.match, updated_at = now(), qa = null, edited_by = null, edit_how = 'pretranslate-tm'
           from unnest($1::integer[], $2::text[], $3::integer[]) as f(id, target, match) where s.id = f.id and s.id = any($1::integer[])`,
        [ids, targets, matches],
      )
    }
    filled += ids.length
    await progress(seen)
  }
  return filled
}

import { db } from '../db/db.server'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'
import { checkTarget } from '../projects/segment-rules'
import { segmentsAfter } from '../projects/segments.server'
import { parse } from '../tags'
import { countBands } from '../tm/analysis-bands'
import { splitSystemId, type MtErrorCode, type MtSystem } from './provider'
import { mtRegistry } from './registry.server'
import { systemsForPair } from './systems'

/**
 * Issue 6 on a project: the MT suggestion of the active segment (fetched once per segment and system, kept in
 * mt_suggestions), the project's system, pretranslation with MT as the durable pretranslate task, and the
 * translator's confirmed segments sent back to engines that learn from them. Provider failures are values here too.
 */
export interface MtProject {
  id: number
  sourceLang: string
  targetLang: string
  mtSystemId: string | null
}

export type MtSuggestion = { ok: true; systemId: string; createdBy: string; target: string } | { ok: false; error: MtErrorCode }

/** Segments per pretranslation step: one `translate` call (which batches further per provider) and one progress write. */
export const PRETRANSLATE_BATCH = 100

/** The running systems for the project's languages (SPEC §2 first two letters), for the translator's selector. */
export async function systemsForProject(project: Pick<MtProject, 'sourceLang' | 'targetLang'>): Promise<{ systems: MtSystem[]; unavailable: string[] }> {
  const { systems, unavailable } = await mtRegistry().listSystems()
  return { systems: systemsForPair(systems, project.sourceLang, project.targetLang), unavailable }
}

/**
 * The active segment's MT translation (issue 6 "Suggestion"): from the cache when the segment's source is the
 * one translated, otherwise from the provider, then kept. Undefined when the project has no system.
 */
export async function mtSuggestionFor(project: MtProject, segmentId: number, source: string): Promise<MtSuggestion | undefined> {
  const systemId = project.mtSystemId
  if (!systemId) return undefined
  const { systems, unavailable } = await mtRegistry().listSystems()
  const system = systems.find((candidate) => candidate.id === systemId)
  const createdBy = system?.title ?? systemId
  const [cached] = await db().query<{ translation: string }>(
    'select translation from mt_suggestions where segment_id = $1 and system_id = $2 and source = $3',
    [segmentId, systemId, source],
  )
  if (cached) return { ok: true, systemId, createdBy, target: cached.translation }
  if (!system) return { ok: false, error: unavailable.includes(splitSystemId(systemId)?.provider ?? '') ? 'provider-unavailable' : 'unknown-system' }
  const result = await mtRegistry().translate(systemId, [source])
  if (!result.ok) return { ok: false, error: result.error.code }
  const target = result.translations[0] ?? ''
  await db().query(
    `insert into mt_suggestions (segment_id, system_id, source, translation) values ($1, $2, $3, $4)
     on conflict (segment_id, system_id) do update set source = excluded.source, translation = excluded.translation, created_at = now()`,
    [segmentId, systemId, source, target],
  )
  return { ok: true, systemId, createdBy, target }
}

/**
 * What "Use" on the MT suggestion puts in: the kept translation of the segment's current source by the project's
 * system (never the text a form sends). Undefined when there is none or its tags do not fit the source.
 */
export async function chosenMtSuggestion(project: MtProject, segmentId: number): Promise<string | undefined> {
  if (!project.mtSystemId) return undefined
  const [row] = await db().query<{ translation: string; source: string }>(
    `select m.translation, s.source from mt_suggestions m join segments s on s.id = m.segment_id and s.source = m.source
      where s.project_id = $1 and m.segment_id = $2 and m.system_id = $3`,
    [project.id, segmentId, project.mtSystemId],
  )
  if (!row || !checkTarget(row.translation, parse(row.source)).ok) return undefined
  return row.translation
}

/** SPEC §2 translator's MT system selector: only a running system for the project's languages, or none (''). */
export async function saveMtSystem(project: MtProject, systemId: string): Promise<boolean> {
  if (systemId !== '') {
    const { systems } = await systemsForProject(project)
    if (!systems.some((system) => system.id === systemId)) return false
  }
  await db().query('update projects set mt_system_id = $2 where id = $1', [project.id, systemId || null])
  return true
}

/**
 * Starts SPEC §4 "Pretranslate" with MT: the project shows PRETRANSLATING until the task is done. False when the
 * project has no system or is not ready for it (still analysing, or a pretranslation already runs).
 */
export async function startMtPretranslation(projectId: number): Promise<boolean> {
  const started = await db().transaction(async (tx) => {
    const rows = await tx.query(
      `update projects set analysis_status = 'PRETRANSLATING', pretranslated = 0, pretranslate_error = null
        where id = $1 and status = 'READY' and analysis_status = 'DONE' and mt_system_id is not null returning id`,
      [projectId],
    )
    if (rows.length === 0) return false
    await enqueue(tx, { kind: 'pretranslate', projectId, payload: { useMt: true } })
    return true
  })
  if (started) wakeWorker()
  return started
}

/**
 * Fills every segment that is not confirmed and holds no translator's own text (empty, or an earlier MT draft) with
 * the project's system, as a draft with saveType MT. A failed step stops: what was filled stays, the error code is
 * kept on the project for the translator to show. Afterwards the analysis bands are counted again (the MT band).
 *
 * The engine is the slow part, so it is kept busy: while it translates one step, the previous step's drafts are
 * written and the next step's segments read. Requests to the engine still go one at a time, in segment order.
 */
export async function pretranslateFromMt(projectId: number, progress: (done: number) => Promise<void>): Promise<{ filled: number; error?: MtErrorCode }> {
  const [project] = await db().query<{ systemId: string | null }>('select mt_system_id as "systemId" from projects where id = $1', [projectId])
  const systemId = project?.systemId
  if (!systemId) return finishMtPretranslation(projectId, 0, 'unknown-system')
  let filled = 0
  let seen = 0
  let step = await pretranslationStep(projectId, -1)
  let written: Promise<void> = Promise.resolve()
  while (step.read > 0) {
    const rows = step.rows
    const translating = rows.length > 0 ? mtRegistry().translate(systemId, rows.map((row) => row.source)) : undefined
    const [, next] = await Promise.all([written, pretranslationStep(projectId, step.after)])
    const result = await translating
    if (result && !result.ok) {
      await written
      return finishMtPretranslation(projectId, filled, result.error.code)
    }
    seen += step.read
    const done = seen
    written = (async () => {
      if (result) await writeMtDrafts(rows, result.translations)
      await progress(done)
    })()
    filled += rows.length
    step = next
  }
  await written
  return finishMtPretranslation(projectId, filled)
}

/** The next PRETRANSLATE_BATCH segments after position `after`, and those of them MT may fill. */
async function pretranslationStep(projectId: number, after: number): Promise<{ read: number; after: number; rows: { id: number; source: string }[] }> {
  const batch = await segmentsAfter<{ id: number; position: number; source: string; status: string; target: string | null; saveType: string | null }>(
    projectId,
    after,
    PRETRANSLATE_BATCH,
    `id, source, status, target, save_type as "saveType"`,
  )
  return {
    read: batch.length,
    after: batch.at(-1)?.position ?? after,
    rows: batch.filter((row) => row.status !== 'TRANSLATED' && (!row.target || row.saveType === 'MT')),
  }
}

/** MT drafts, unless the translator confirmed or typed in the segment meanwhile. */
async function writeMtDrafts(rows: readonly { id: number }[], translations: readonly string[]): Promise<void> {
  await db().query(
    `update segments s set target = f.target, status = 'DRAFT', save_type = 'MT', save_match = null, updated_at = now(), qa = null, edited_by = null, edit_how = 'pretranslate-mt'
       from unnest($1::integer[], $2::text[]) as f(id, target)
      where s.id = f.id and s.id = any($1::integer[]) and s.status <> 'TRANSLATED' and (coalesce(s.target, '') = '' or s.save_type = 'MT')`,
    [rows.map((row) => row.id), translations],
  )
}

async function finishMtPretranslation(projectId: number, filled: number, error?: MtErrorCode): Promise<{ filled: number; error?: MtErrorCode }> {
  if (error) await db().query('update projects set pretranslate_error = $2 where id = $1', [projectId, error])
  await recountBands(projectId)
  return error ? { filled, error } : { filled }
}

/** The words per band again from what the segments hold now (no TM lookups: the best matches are kept per segment). */
export async function recountBands(projectId: number): Promise<void> {
  const rows = await db().query<{ wordCount: number; tmMatch: number | null; repetitionOf: number | null; saveType: string | null }>(
    `select word_count as "wordCount", tm_match as "tmMatch", repetition_of as "repetitionOf", save_type as "saveType"
       from segments where project_id = $1`,
    [projectId],
  )
  const bands = countBands(rows.map((row) => ({ wordCount: row.wordCount, tmMatch: row.tmMatch, repetition: row.repetitionOf !== null, mt: row.saveType === 'MT' })))
  await db().query('update projects set analysis_bands = $2 where id = $1', [projectId, JSON.stringify(bands)])
}

/**
 * SPEC §2 "send my translations to improve the machine translation system": a confirmed segment (its stored
 * source, the confirmed target) goes to the project's engine in the background. The caller checks the file's
 * option; this is never awaited by the confirm and never fails it (the registry logs a failure).
 */
export function sendConfirmedToMt(project: { id: number; mtSystemId: string | null }, segmentId: number, target: string): void {
  const systemId = project.mtSystemId
  if (!systemId || target === '' || !mtRegistry().acceptsFeedback(systemId)) return
  void (async () => {
    const [segment] = await db().query<{ source: string }>('select source from segments where project_id = $1 and id = $2', [project.id, segmentId])
    if (segment) await mtRegistry().sendFeedback(systemId, segment.source, target)
  })().catch((error: unknown) => console.warn('[mt] feedback failed', error))
}

/** Whether the project's system learns from confirmed segments (the Settings checkbox is disabled otherwise). */
export function projectAcceptsFeedback(project: { mtSystemId: string | null }): boolean {
  return project.mtSystemId !== null && mtRegistry().acceptsFeedback(project.mtSystemId)
}

import { db } from '../db/db.server'
import { KEPT_PLAN, type Queryable } from '../db/database.server'
import { enqueue } from '../jobs/queue.server'
import { wakeWorker } from '../jobs/wake.server'
import type { TaskHandler } from '../jobs/worker.server'
import { parse, plainText } from '../tags'
import { isAvoided, type TermStatus } from '../terms/glossary-types'
import { stemWords } from '../terms/stemming'
import { termsInWindow } from '../terms/term-recognition.server'
import type { MemoryProject } from '../tm/memories.server'
import { qaWarnings } from './checks'
import { lengthWarnings, type LengthLimit } from './length-limit'
import { lengthLimits } from './length-limit.server'
import { checkOf, isQaCheck, QA_CODES, warningKey, type QaCheck, type QaCode, type QaWarning } from './qa-kinds'
import { misspelledWords } from './spelling.server'

/**
 * The QA of a project's translations (issue 17, point 4). A segment is checked when it is saved (saveSegment: the
 * text checks of checks.ts, the glossary terms of its source, the spelling of its target) and the warnings kept in
 * segments.qa, so the translator, the report and the file list read them without checking again; a bulk change
 * (pretranslation, split, merge) leaves qa null, and a background task checks those segments in batches (the
 * pretranslation task itself, or a queued `qa-check`), off the request thread. Consistency across the project (one source translated two ways, one translation for two
 * sources) depends on other segments, so it is found when asked, through the md5 indexes. Which checks show is the
 * project's choice (projects.qa_off), applied when reading: turning a check back on needs no new check.
 */
/** How many segments one batch of the background check reads and writes. */
const BATCH = 200

/** Checks these segments' translations and keeps the warnings (background work: the pretranslation and qa-check tasks). */
export async function checkSegments(projectId: number, segmentIds: number[]): Promise<void> {
  if (segmentIds.length === 0) return
  // The project's languages and owner come with the segments: one statement.
  const rows = await db().query<{ id: number; source: string; target: string } & Omit<MemoryProject, 'id'>>(
    `select s.id, s.source, s.target, p.owner_id as "ownerId", p.source_lang as "sourceLang", p.target_lang as "targetLang"
       from segments s join projects p on p.id = s.project_id
      where s.id = any($2::integer[]) and s.project_id + 0 = $1 and s.target is not null`,
    [projectId, segmentIds],
  )
  const first = rows[0]
  if (!first) return
  const project: MemoryProject = { id: projectId, ownerId: first.ownerId, sourceLang: first.sourceLang, targetLang: first.targetLang }
  const found = await findWarnings(project, rows)
  await db().query(
    `update segments s set qa = w.qa::jsonb from unnest($2::integer[], $3::text[], $4::text[]) as w(id, target, qa)
      where s.project_id = $1 and s.id = w.id and s.target = w.target`,
    [
      projectId,
      rows.map((segment) => segment.id),
      rows.map((segment) => segment.target),
      rows.map((segment) => JSON.stringify(found.get(segment.id) ?? [])),
    ],
  )
}

/**
 * The warnings of a translation being saved (saveSegment writes them in the same statement); null, "not checked yet",
 * when the check cannot run — it never fails the save, and the background task checks the segment later.
 */
export async function warningsOfSaved(
  project: MemoryProject,
  segment: { id: number; source: string; target: string },
  using: Queryable,
  limit?: LengthLimit | null,
): Promise<QaWarning[] | null> {
  try {
    const known = limit === undefined ? undefined : new Map(limit ? [[segment.id, limit]] : [])
    return (await findWarnings(project, [segment], using, known)).get(segment.id) ?? []
  } catch (error) {
    console.error('[qa] check failed for segment', segment.id, error instanceof Error ? error.message : error)
    return null
  }
}

async function findWarnings(
  project: MemoryProject,
  segments: { id: number; source: string; target: string }[],
  using: Queryable = db(),
  knownLimits?: Map<number, LengthLimit>,
): Promise<Map<number, QaWarning[]>> {
  const terms = await termsInWindow(project, segments, undefined, using)
  // A save knows its segment's limit from its own read (segments.server knownLimit), unless the file sets one.
  const limits = knownLimits ?? (await lengthLimits(using, project.id, segments.map((segment) => segment.id)))
  const found = new Map<number, QaWarning[]>()
  for (const segment of segments) {
    const targetText = plainText(parse(segment.target))
    const hits = terms.hits.get(segment.id) ?? []
    const termWarnings = hits.flatMap((hit) =>
      termUse(
        targetText,
        project.targetLang,
        hit.conceptIds.map((id) => terms.targets.get(id) ?? []),
      ),
    )
    const misspelled = (await misspelledWords(targetText, project.targetLang, plainText(parse(segment.source)))) ?? []
    found.set(segment.id, [
      ...qaWarnings(segment.source, segment.target),
      ...(limits.has(segment.id) ? lengthWarnings(segment.target, limits.get(segment.id)!) : []),
      ...unique(termWarnings),
      ...misspelled.map((word): QaWarning => ({ code: 'spelling', detail: word })),
    ])
  }
  return found
}

function unique(warnings: QaWarning[]): QaWarning[] {
  return [...new Map(warnings.map((warning) => [warningKey(warning), warning])).values()]
}

/**
 * A source term's use in the translation, inflection-aware (the same stems as the marks): none of the concepts'
 * preferred or admitted targets is there ("term-missing", naming the first), or a deprecated or obsolete one is
 * ("term-avoided", naming it).
 */
export function termUse(target: string, language: string, concepts: { text: string; status: TermStatus }[][]): QaWarning[] {
  const targetStems = stemWords(target, language).map((word) => word.stem)
  const used = (term: string) => {
    const stems = stemWords(term, language).map((word) => word.stem)
    return stems.length > 0 && targetStems.some((_, at) => stems.every((stem, offset) => targetStems[at + offset] === stem))
  }
  const allowed = concepts.flat().filter((term) => !isAvoided(term.status))
  const warnings: QaWarning[] = concepts
    .flat()
    .filter((term) => isAvoided(term.status) && used(term.text))
    .map((term) => ({ code: 'term-avoided', detail: term.text }))
  if (allowed.length > 0 && !allowed.some((term) => used(term.text))) warnings.unshift({ code: 'term-missing', detail: allowed[0]!.text })
  return warnings
}

/** A warning as the translator and the report show it. */
export interface ShownWarning extends QaWarning {
  key: string
  ignored: boolean
}

/**
 * The warnings of these segments (all of the project's with warnings when `segmentIds` is left out), the project's
 * checks that are off left out, each marked ignored or not; consistency found now.
 */
export async function segmentWarnings(projectId: number, segmentIds?: number[]): Promise<Map<number, ShownWarning[]>> {
  if (segmentIds) return shownWarnings(await windowWarningRows(projectId, segmentIds))
  // The whole project, in one statement with its choice of checks: the sources with two translations and the
  // translations of two sources, grouped once.
  const rows = await db().query<WarningRow>(
    `with translated as (
            select s.source, s.source_plain, s.target from segments s join projects p on p.id = s.project_id
             where s.project_id = $1 and s.target is not null and not 'inconsistency' = any(p.qa_off)),
          two_targets as (select source from translated group by source having count(distinct target) > 1),
          two_sources as (select target from translated group by target having count(distinct source_plain) > 1)
     select s.id, s.qa, ${IGNORED}, p.qa_off as "qaOff",
            s.source in (select source from two_targets) as "otherTarget", s.target in (select target from two_sources) as "otherSource"
       from segments s join projects p on p.id = s.project_id
      where s.project_id = $1 and s.target is not null
        and (s.qa <> '[]'::jsonb or s.source in (select source from two_targets) or s.target in (select target from two_sources))
      order by s.position`,
    [projectId],
  )
  return shownWarnings(rows)
}

/**
 * A window's warnings in one statement (the translator's page): the project's choice of checks read with them. The
 * ids find the rows; the project is only checked (`+ 0`: without statistics, which PGlite never gathers, the planner
 * otherwise also scanned the project's whole position index and intersected the two — 2.4 ms of a 2.8 ms query at
 * 50,000 segments).
 */
function windowWarningRows(projectId: number, segmentIds: number[]): Promise<WarningRow[]> {
  if (segmentIds.length === 0) return Promise.resolve([])
  return db().query<WarningRow>(
    `select s.id, s.qa, ${IGNORED}, p.qa_off as "qaOff",
            not 'inconsistency' = any(p.qa_off) and exists (
              select 1 from segments o where o.project_id = s.project_id and md5(o.source) = md5(s.source)
                 and o.source = s.source and o.target <> s.target) as "otherTarget",
            not 'inconsistency' = any(p.qa_off) and exists (
              select 1 from segments o where o.project_id = s.project_id and md5(o.target) = md5(s.target)
                 and o.target = s.target and o.source_plain <> s.source_plain) as "otherSource"
       from segments s join projects p on p.id = s.project_id
      where s.id = any($2::integer[]) and s.project_id + 0 = $1 and s.target is not null order by s.position`,
    [projectId, segmentIds],
  )
}

function shownWarnings(rows: WarningRow[]): Map<number, ShownWarning[]> {
  const shown = new Map<number, ShownWarning[]>()
  for (const row of rows) {
    const off = new Set(row.qaOff)
    const warnings: QaWarning[] = [
      ...(row.qa ?? []),
      ...(row.otherTarget ? [{ code: 'inconsistent-target' as const }] : []),
      ...(row.otherSource ? [{ code: 'inconsistent-source' as const }] : []),
    ]
    const ignored = new Set(row.ignored)
    const list = warnings
      .filter((warning) => !off.has(checkOf(warning.code)))
      .map((warning) => ({ ...warning, key: warningKey(warning), ignored: ignored.has(warningKey(warning)) }))
    if (list.length > 0) shown.set(row.id, list)
  }
  return shown
}

interface WarningRow {
  id: number
  qaOff: QaCheck[]
  qa: QaWarning[] | null
  ignored: string[]
  otherTarget: boolean
  otherSource: boolean
}

const IGNORED = 'array(select i.warning from qa_ignores i where i.segment_id = s.id) as ignored'

/**
 * The file list's count per project: the warnings found on save that are not ignored, of the checks the project has
 * on — one statement for the whole page, counted from the warnings themselves (segments_qa_idx), so a page of large
 * files costs no more than their warnings. Inconsistencies, found only when read, are the report's.
 */
export async function warningCounts(projectIds: number[]): Promise<Map<number, number>> {
  if (projectIds.length === 0) return new Map()
  const rows = await db().query<{ projectId: number; code: QaCode; count: number; qaOff: QaCheck[] }>(
    `${KEPT_PLAN}select s.project_id as "projectId", w.value->>'code' as code, count(*)::integer as count, p.qa_off as "qaOff"
       from segments s
       join projects p on p.id = s.project_id
       cross join lateral jsonb_array_elements(s.qa) w
      where s.project_id = any($1::integer[]) and s.qa <> '[]'::jsonb
        and not exists (select 1 from qa_ignores i where i.segment_id = s.id
                           and i.warning = case when w.value ? 'detail' then (w.value->>'code') || ':' || (w.value->>'detail') else w.value->>'code' end)
      group by s.project_id, w.value->>'code', p.qa_off`,
    [projectIds],
  )
  const counts = new Map<number, number>()
  for (const row of rows) {
    if (!QA_CODES.includes(row.code) || row.qaOff.includes(checkOf(row.code))) continue
    counts.set(row.projectId, (counts.get(row.projectId) ?? 0) + row.count)
  }
  return counts
}

/** How many translations wait for their check (changed in bulk since). */
export async function uncheckedCount(projectId: number): Promise<number> {
  const [row] = await db().query<{ count: number }>(
    'select count(*)::integer as count from segments where project_id = $1 and qa is null and target is not null',
    [projectId],
  )
  return row?.count ?? 0
}

/** Remembers, or forgets, that the translator ignores a warning of one of the project's segments. */
export async function setIgnored(projectId: number, segmentId: number, key: string, ignored: boolean): Promise<boolean> {
  const rows = ignored
    ? await db().query(
        `insert into qa_ignores (segment_id, warning) select id, $3 from segments where project_id = $1 and id = $2
         on conflict do nothing returning segment_id`,
        [projectId, segmentId, key],
      )
    : await db().query(
        'delete from qa_ignores i using segments s where s.id = i.segment_id and s.project_id = $1 and i.segment_id = $2 and i.warning = $3 returning i.segment_id',
        [projectId, segmentId, key],
      )
  return rows.length > 0
}

/** The project's checks that are off (the settings' checkboxes), unknown names dropped. */
export async function saveQaOff(projectId: number, off: string[]): Promise<void> {
  await db().query('update projects set qa_off = $2 where id = $1', [projectId, [...new Set(off.filter(isQaCheck))]])
}

/** Queues the background check of the project's unchecked translations, unless one is queued already. */
export async function queueQaCheck(using: Queryable, projectId: number): Promise<void> {
  const [waiting] = await using.query(`select 1 from tasks where kind = 'qa-check' and project_id = $1 and status in ('queued', 'running') limit 1`, [
    projectId,
  ])
  if (waiting) return
  await enqueue(using, { kind: 'qa-check', projectId })
  wakeWorker()
}

/** Checks every translation of the project that waits for its check, a batch at a time (background work only). */
export async function checkUnchecked(projectId: number): Promise<void> {
  for (;;) {
    const batch = (
      await db().query<{ id: number }>(
        'select id from segments where project_id = $1 and qa is null and target is not null order by position limit $2',
        [projectId, BATCH],
      )
    ).map((row) => row.id)
    if (batch.length === 0) return
    await checkSegments(projectId, batch)
    // A batch of which nothing could be written (every translation changed meanwhile, again and again) ends the
    // run rather than spinning; the next save or task checks them.
    const [left] = await db().query<{ count: number }>(
      'select count(*)::integer as count from segments where id = any($2::integer[]) and project_id + 0 = $1 and qa is null and target is not null',
      [projectId, batch],
    )
    if (left?.count === batch.length) return
  }
}

/**
 * Issue 58: every translation of the project is to be checked again (its length limit changed). The warnings found
 * before are forgotten a batch at a time, in the background; then the check runs as for any unchecked ones.
 */
export async function queueQaCheckOfAll(using: Queryable, projectId: number): Promise<void> {
  await enqueue(using, { kind: 'qa-check', projectId, payload: { all: true } })
}

async function forgetWarnings(projectId: number): Promise<void> {
  for (;;) {
    const forgotten = await db().query(
      `update segments set qa = null
        where id in (select id from segments where project_id = $1 and qa is not null and target is not null limit ${FORGET_BATCH})
        returning id`,
      [projectId],
    )
    if (forgotten.length < FORGET_BATCH) return
  }
}

/** Segments whose warnings one statement forgets (a whole file's took one statement on the request before). */
const FORGET_BATCH = 2_000

export const qaHandlers: Record<'qa-check', TaskHandler> = {
  'qa-check': {
    async run(task) {
      if (task.projectId === null) return
      if (task.payload.all === true) await forgetWarnings(task.projectId)
      await checkUnchecked(task.projectId)
    },
  },
}

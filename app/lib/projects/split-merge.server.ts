import { queueQaCheck } from '../qa/segment-qa.server'
import { countWords } from '../analysis/word-count'
import { db } from '../db/db.server'
import type { Queryable } from '../db/database.server'
import { splitWhitespace } from '../segmentation'
import { parse, plainText, serialize } from '../tags'
import type { TaggedText } from '../tags/types'
import { SEGMENT_ID_LOCK } from './pipeline.server'
import { checkTarget } from './segment-rules'
import { joinTokens, matchingSourceOffset, offsetAfterWord, splitTokensAt, type MatchingRefusal, type SplitRefusal } from './split-points'

/**
 * Split and merge of segments (issue "Ctrl+S split and Ctrl+J merge"). Both keep the download the same as
 * before while nothing is translated: whitespace at a split point moves into the first part's suffix and the
 * second part's prefix, and a merge joins source + suffix + prefix + source back. Positions stay dense
 * (segmentWindow counts on it) and unique; each change runs in one transaction under the project's row lock.
 */
export type SplitMergeRefusal =
  | SplitRefusal
  | 'not-found'
  | 'target-inside-tag-pair'
  | 'target-tags'
  | 'no-next'
  | 'other-unit'
  | 'bad-word'
  | MatchingRefusal

export type SplitMergeResult = { ok: true; segmentId: number } | { ok: false; code: SplitMergeRefusal }

interface SegmentRow {
  id: number
  unitId: number
  position: number
  source: string
  target: string | null
  prefix: string
  suffix: string
  saveType: string | null
  saveMatch: number | null
  originId: number | null
}

const rowColumns = `id, unit_id as "unitId", position, source, target, prefix, suffix,
  save_type as "saveType", save_match as "saveMatch", origin_id as "originId"`

/** A part as it is written: its source core with the whitespace around it, and its target. */
interface Part {
  source: TaggedText
  prefix: string
  suffix: string
  target: string | null
}

/**
 * Splits a segment at `sourceOffset` characters of its plain text. Its target, if any, is split at
 * `targetOffset` (plain characters too), or kept whole in the first part when no offset is given. The first
 * part keeps the segment's id; the second gets a new id whose origin_id names the segment it was split from
 * (shown as "12-2"). Parts with a target are drafts, parts without are new. Without a source offset (issue 51: Ctrl+S
 * with the caret in the translation) the source is cut at the place matching `targetOffset` (matchingSourceOffset).
 */
export async function splitSegment(
  project: { id: number; sourceLang: string },
  segmentId: number,
  sourceOffset: number | undefined,
  targetOffset?: number,
): Promise<SplitMergeResult> {
  return db().transaction(async (tx) => {
    // The id lock first, as conversion takes it: the new row must not land inside another project's id block.
    await tx.query('select pg_advisory_xact_lock($1)', [SEGMENT_ID_LOCK])
    const segment = await lockedSegment(tx, project.id, segmentId)
    if (!segment) return { ok: false, code: 'not-found' }
    const planned = planSplit(segment, sourceOffset, targetOffset)
    if (!planned.ok) return planned
    const [first, second] = planned.parts
    await shiftPositions(tx, project.id, segment.position, +1)
    const written = (part: Part) => {
      const plain = plainText(part.source)
      return {
        source: serialize(part.source),
        plain,
        words: countWords(plain, project.sourceLang),
        status: part.target ? 'DRAFT' : 'NEW',
        saveType: part.target ? segment.saveType : null,
        saveMatch: part.target ? segment.saveMatch : null,
      }
    }
    const a = written(first)
    const b = written(second)
    await tx.query(
      `update segments set source = $3, source_plain = $4, prefix = $5, suffix = $6, word_count = $7, target = $8,
              status = $9, save_type = $10, save_match = $11, repetition_of = null, updated_at = now(), qa = null, edit_how = 'split'
        where project_id = $1 and id = $2`,
      [project.id, segment.id, a.source, a.plain, first.prefix, first.suffix, a.words, first.target, a.status, a.saveType, a.saveMatch],
    )
    await tx.query(
      `insert into segments (project_id, unit_id, position, source, source_plain, prefix, suffix, word_count, target,
                             status, save_type, save_match, origin_id, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, now())`,
      [
        project.id,
        segment.unitId,
        segment.position + 1,
        b.source,
        b.plain,
        second.prefix,
        second.suffix,
        b.words,
        second.target,
        b.status,
        b.saveType,
        b.saveMatch,
        segment.originId ?? segment.id,
      ],
    )
    // Its source changed: segments counted as its repetitions are not any more.
    await tx.query('update segments set repetition_of = null where project_id = $1 and repetition_of = $2', [project.id, segment.id])
    await tx.query('update projects set segment_count = segment_count + 1 where id = $1', [project.id])
    await queueQaCheck(tx, project.id)
    return { ok: true, segmentId: segment.id }
  })
}

/** The two parts of a split, or why there are none (pure but for the row it reads). */
function planSplit(
  segment: SegmentRow,
  sourceOffset: number | undefined,
  targetOffset: number | undefined,
): { ok: true; parts: [Part, Part] } | { ok: false; code: SplitMergeRefusal } {
  const matching =
    sourceOffset === undefined ? matchingSourceOffset(plainText(parse(segment.source)), plainText(parse(segment.target ?? '')), targetOffset ?? 0) : undefined
  if (matching && !matching.ok) return matching
  const cut = splitTokensAt(parse(segment.source), matching?.sourceOffset ?? sourceOffset!)
  if (!cut.ok) return cut
  const head = splitWhitespace(cut.first)
  const tail = splitWhitespace(cut.second)
  if (plainText(head.core).trim() === '' || plainText(tail.core).trim() === '') return { ok: false, code: 'empty-part' }
  // Leading whitespace of the first part and trailing of the second were in the source already: they stay there.
  const firstSource = joinTokens(head.leading ? [{ kind: 'text', text: head.leading }] : [], head.core)
  const secondSource = joinTokens(tail.core, tail.trailing ? [{ kind: 'text', text: tail.trailing }] : [])
  const targets = splitTarget(segment.target, targetOffset)
  if (!targets.ok) return targets
  const [firstTarget, secondTarget] = targets.parts
  // SPEC §5: a part's translation may hold only that part's tags, or it could not be saved again.
  if (firstTarget !== null && !checkTarget(firstTarget, firstSource).ok) return { ok: false, code: 'target-tags' }
  if (secondTarget !== null && !checkTarget(secondTarget, secondSource).ok) return { ok: false, code: 'target-tags' }
  return {
    ok: true,
    parts: [
      { source: firstSource, prefix: segment.prefix, suffix: head.trailing, target: firstTarget },
      { source: secondSource, prefix: tail.leading, suffix: segment.suffix, target: secondTarget },
    ],
  }
}

function splitTarget(
  target: string | null,
  offset: number | undefined,
): { ok: true; parts: [string | null, string | null] } | { ok: false; code: SplitMergeRefusal } {
  if (!target) return { ok: true, parts: [null, null] }
  if (offset === undefined) return { ok: true, parts: [target, null] }
  const cut = splitTokensAt(parse(target), offset)
  if (!cut.ok) return { ok: false, code: cut.code === 'inside-tag-pair' ? 'target-inside-tag-pair' : cut.code }
  // The whitespace between the parts is the source's, written once from the suffix and prefix.
  const written = (tokens: TaggedText) => {
    const core = splitWhitespace(tokens).core
    return core.length === 0 ? null : serialize(core)
  }
  return { ok: true, parts: [written(cut.first), written(cut.second)] }
}

/**
 * Merges a segment with the next one (by position) of the same unit. The second's comments and the job's
 * "last segment" move to the first; the second is deleted. Where only one side is translated, the other
 * side's source stands in its place, so the download reads as before; the result is a draft to review.
 * Words are counted again on the joined text.
 */
export async function mergeSegment(project: { id: number; sourceLang: string }, segmentId: number): Promise<SplitMergeResult> {
  return db().transaction(async (tx) => {
    const first = await lockedSegment(tx, project.id, segmentId)
    if (!first) return { ok: false, code: 'not-found' }
    const [second] = await tx.query<SegmentRow>(`select ${rowColumns} from segments where project_id = $1 and position = $2`, [
      project.id,
      first.position + 1,
    ])
    if (!second) return { ok: false, code: 'no-next' }
    if (second.unitId !== first.unitId) return { ok: false, code: 'other-unit' }
    const between = [...parse(first.suffix), ...parse(second.prefix)]
    const source = joinTokens(parse(first.source), between, parse(second.source))
    const translated = Boolean(first.target) || Boolean(second.target)
    const target = translated
      ? serialize(joinTokens(parse(first.target || first.source), between, parse(second.target || second.source)))
      : null
    await tx.query('update comments set segment_id = $1 where segment_id = $2', [first.id, second.id])
    await tx.query('update jobs set last_segment_id = $2 where project_id = $1 and last_segment_id = $3', [project.id, first.id, second.id])
    await tx.query('update segments set repetition_of = null where project_id = $1 and repetition_of in ($2, $3)', [
      project.id,
      first.id,
      second.id,
    ])
    await tx.query('delete from segments where project_id = $1 and id = $2', [project.id, second.id])
    await tx.query(
      `update segments set source = $3, source_plain = $4, suffix = $5, word_count = $6, target = $7, status = $8,
              save_type = $9, save_match = null, repetition_of = null, updated_at = now(), qa = null, edit_how = 'merge'
        where project_id = $1 and id = $2`,
      [
        project.id,
        first.id,
        serialize(source),
        plainText(source),
        second.suffix,
        // Counted again rather than summed: a split inside a word made two words of one.
        countWords(plainText(source), project.sourceLang),
        target,
        translated ? 'DRAFT' : 'NEW',
        translated ? (first.saveType ?? second.saveType ?? 'MANUAL') : null,
      ],
    )
    await shiftPositions(tx, project.id, second.position, -1)
    await tx.query('update projects set segment_count = segment_count - 1 where id = $1', [project.id])
    await queueQaCheck(tx, project.id)
    return { ok: true, segmentId: first.id }
  })
}

/** The project's row lock (split and merge of one project take turns), then the segment. */
async function lockedSegment(tx: Queryable, projectId: number, segmentId: number): Promise<SegmentRow | undefined> {
  await tx.query('select id from projects where id = $1 for update', [projectId])
  const [segment] = await tx.query<SegmentRow>(`select ${rowColumns} from segments where project_id = $1 and id = $2`, [projectId, segmentId])
  return segment
}

/**
 * Moves every segment after `position` by one. The unique (project_id, position) index is checked row by row,
 * so the rows go through negative positions first (never taken) and come back shifted.
 */
async function shiftPositions(tx: Queryable, projectId: number, position: number, by: 1 | -1) {
  await tx.query('update segments set position = -position - 1 where project_id = $1 and position > $2', [projectId, position])
  await tx.query('update segments set position = -position - 1 + $2 where project_id = $1 and position < 0', [projectId, by])
}

/**
 * The split a form without JavaScript asks for: after the n-th word of the source (SPEC's translator counts
 * words, not characters). Refused as 'bad-word' when no word follows the n-th.
 */
export async function splitSegmentAfterWord(project: { id: number; sourceLang: string }, segmentId: number, word: number): Promise<SplitMergeResult> {
  const [segment] = await db().query<{ plain: string }>('select source_plain as plain from segments where project_id = $1 and id = $2', [project.id, segmentId])
  if (!segment) return { ok: false, code: 'not-found' }
  const offset = offsetAfterWord(segment.plain, word, project.sourceLang)
  return offset === undefined ? { ok: false, code: 'bad-word' } : splitSegment(project, segmentId, offset)
}

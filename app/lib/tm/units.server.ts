import { createHash } from 'node:crypto'
import type { Queryable } from '../db/database.server'
import { db } from '../db/db.server'
import { bruteForceTop, DEFAULT_THRESHOLD, DEFAULT_TOP, lengthWindow, type TmHit, type TmUnit } from './candidate-filter'
import { tokenize } from './tokens'

/** A stored translation unit (SPEC §3 concordance result: raw_segment, translation). */
export interface StoredUnit extends TmUnit {
  target: string
  memoryId: number
  createdBy: string
}

export interface StoredHit extends TmHit {
  unit: StoredUnit
}

export interface UnitWrite {
  source: string
  target: string
  /** Who made the translation: the creator shown with a suggestion (kept when the unit is updated). */
  createdBy: string
}

/** The same source, whatever whitespace it was typed with, is one unit of a memory. */
export function sourceHash(source: string): string {
  return createHash('md5').update(source.normalize('NFC').replace(/\s+/gu, ' ').trim()).digest('hex')
}

/**
 * Write-back (issue 5): stores (source, target) in each memory, updating the unit with the same source — its
 * creator and creation time stay, its change time moves. Runs on the caller's transaction so that a confirmed
 * segment and its unit are saved together or not at all.
 */
export async function writeUnit(tx: Queryable, memoryIds: readonly number[], unit: UnitWrite): Promise<void> {
  if (memoryIds.length === 0) return
  const tokenCount = tokenize(unit.source).tokens.length
  await tx.query(
    `insert into tm_units (memory_id, source, target, source_hash, token_count, created_by)
     select memory_id, $2, $3, $4, $5, $6 from unnest($1::integer[]) as memory_id
     on conflict (memory_id, source_hash) do update
       set source = excluded.source, target = excluded.target, token_count = excluded.token_count, changed_at = now()`,
    [memoryIds, unit.source, unit.target, sourceHash(unit.source), tokenCount, unit.createdBy],
  )
}

/** Undoes a write-back whose translation was cleared: only a unit that still holds that translation goes. */
export async function removeUnit(tx: Queryable, memoryIds: readonly number[], source: string, target: string): Promise<void> {
  if (memoryIds.length === 0) return
  await tx.query('delete from tm_units where memory_id = any($1::integer[]) and source_hash = $2 and target = $3', [
    memoryIds,
    sourceHash(source),
    target,
  ])
}

interface UnitRow {
  id: number
  memoryId: number
  source: string
  target: string
  createdBy: string
  changedAt: Date | string
}

const unitColumns = /* sql */ `id, memory_id as "memoryId", source, target, created_by as "createdBy", changed_at as "changedAt"`

function toStoredUnit(row: UnitRow): StoredUnit {
  return { ...row, id: Number(row.id), changedAt: new Date(row.changedAt).getTime() }
}

/**
 * The best `top` matches of `source` in the memories, scoring `threshold` or more, best first (DESIGN.md "TM
 * matching"). Reads every unit in the length window and scores it: exact by construction, the oracle the indexed
 * lookup is measured against.
 */
export async function lookupMatches(
  memoryIds: readonly number[],
  source: string,
  { top = DEFAULT_TOP, threshold = DEFAULT_THRESHOLD }: { top?: number; threshold?: number } = {},
  using: Queryable = db(),
): Promise<StoredHit[]> {
  if (memoryIds.length === 0) return []
  const window = lengthWindow(tokenize(source).tokens.length, threshold)
  const rows = await using.query<UnitRow>(
    `select ${unitColumns} from tm_units where memory_id = any($1::integer[]) and token_count between $2 and $3`,
    [memoryIds, window.min, window.max],
  )
  return bruteForceTop(source, rows.map(toStoredUnit), top, threshold) as StoredHit[]
}

/** 100% matches only (pretranslation): the units with the same source, newest first. */
export async function exactMatch(memoryIds: readonly number[], source: string, using: Queryable = db()): Promise<StoredUnit | undefined> {
  if (memoryIds.length === 0) return undefined
  const rows = await using.query<UnitRow>(
    `select ${unitColumns} from tm_units where memory_id = any($1::integer[]) and source_hash = $2 order by changed_at desc, id desc`,
    [memoryIds, sourceHash(source)],
  )
  const hit = bruteForceTop(source, rows.map(toStoredUnit), 1, 100)[0]
  return hit?.unit as StoredUnit | undefined
}

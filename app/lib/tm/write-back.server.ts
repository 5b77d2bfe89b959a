import type { Queryable } from '../db/database.server'
import type { SegmentChange, StoredSegment, TransactionStep } from '../projects/segments.server'
import { writableMemoryIds, type MemoryProject } from './memories.server'
import { contextHash, removeUnit, writeUnit } from './units.server'

/**
 * A write-back that could not be stored. The segment's save was rolled back with it, so nothing looks confirmed
 * that the memories do not hold (issue 5: no confirmed segment is ever silently lost from the TM).
 */
export class WriteBackError extends Error {
  constructor(cause: unknown) {
    super('the translation memory write failed', { cause })
    this.name = 'WriteBackError'
  }
}

/**
 * Issue 5 write-back, run inside the segment save's transaction before the segment row changes (saveSegment's
 * alsoInTransaction, with the segment as stored and locked): confirming stores (source, target) in every writable
 * memory of the project (a unit with the same source is updated, so confirming an edited segment again replaces
 * its translation) with the sources around it as its context (issue 58 point 4); clearing a confirmed segment
 * removes the unit it wrote. Drafts do not touch the memories. Any
 * failure throws WriteBackError, which rolls the save back too.
 *
 * Issue 53: the memories written to are read when the write-back is made, before the save's transaction begins, and
 * not inside it — on PGlite every user's statements wait while a transaction is open, and each statement in it is a
 * trip to the request thread and back. A memory switched off for writing at that very moment still gets this unit.
 */
export function writeBack(project: MemoryProject, createdBy: string): TransactionStep {
  let known: number[] | undefined
  const writable = writableMemoryIds(project).then((ids) => (known = ids))
  const step = async (tx: Queryable, stored: StoredSegment, change: SegmentChange): Promise<void> => {
    const confirming = change.status === 'TRANSLATED' && change.target !== ''
    const clearingConfirmed = change.target === '' && stored.status === 'TRANSLATED' && Boolean(stored.target)
    if (!confirming && !clearingConfirmed) return
    try {
      // Known by now (read before the transaction began): the unit's statement goes out at once, ahead of the segment's.
      const memoryIds = known ?? (await writable)
      if (confirming && memoryIds.length > 0) {
        const context = contextHash(stored.previousSource ?? undefined, stored.nextSource ?? undefined)
        await writeUnit(tx, memoryIds, { source: stored.source, target: change.target, createdBy, context })
      } else if (!confirming) await removeUnit(tx, memoryIds, stored.source, stored.target ?? '')
    } catch (error) {
      throw new WriteBackError(error)
    }
  }
  // The save waits for `ready` before its transaction; a failed read fails the step (WriteBackError) inside it.
  return Object.assign(step, { ready: writable.catch(() => {}) })
}

/** Whether a change may need the write-back (and so the save its transaction): a confirm, or a clear. */
export function mayWriteBack(change: SegmentChange): boolean {
  return change.status === 'TRANSLATED' || change.target === ''
}

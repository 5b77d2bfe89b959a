import { db } from '../db/db.server'
import { writeUnit, type UnitWrite } from './units.server'

/**
 * Stand-in until units.server.ts's importUnits lands (same signature; swapped at merge): units written in
 * batches, one transaction each, through writeUnit. It keeps no imported times (writeUnit stamps now()).
 */
export type ImportedUnit = UnitWrite & { createdAt?: Date; changedAt?: Date }

const BATCH = 500

export async function importUnits(
  memoryId: number,
  units: AsyncIterable<ImportedUnit>,
  onProgress?: (written: number) => Promise<void> | void,
): Promise<number> {
  let batch: ImportedUnit[] = []
  let written = 0
  const flush = async () => {
    if (batch.length === 0) return
    const writing = batch
    batch = []
    await db().transaction(async (tx) => {
      for (const unit of writing) await writeUnit(tx, [memoryId], unit)
    })
    written += writing.length
    await onProgress?.(written)
  }
  for await (const unit of units) {
    batch.push(unit)
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  return written
}

/**
 * Ids from addresses and forms. Row ids are PostgreSQL integers, so anything outside 1 … 2³¹−1 names no row: such an
 * id is "not found", never a database error (issue 15: an absurd page or segment number gave a 500).
 */
export const MAX_ROW_ID = 2 ** 31 - 1

/** The id `value` spells, or undefined when it cannot name a row. */
export function rowId(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  if (typeof value === 'string' && !/^\s*\d{1,10}\s*$/.test(value)) return undefined
  const id = Number(value)
  return Number.isInteger(id) && id > 0 && id <= MAX_ROW_ID ? id : undefined
}

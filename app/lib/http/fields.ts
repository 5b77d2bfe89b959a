import { z } from 'zod/v4'
import { MAX_ROW_ID } from './row-id'

/**
 * Form fields as every form and API call reads them (the API's schemas, app/lib/api, and the domain's own forms):
 * whole numbers, row ids and SPEC §7's 0/1 flags. Zod 4 is bundled with our zod 3.25 as `zod/v4`.
 */

/**
 * A whole number in a form, `min` … `max`: digits (a blank, `1.5`, `0x10` or `1e3` is refused), or a number where a
 * client sends one.
 */
export function wholeNumber(min: number, max: number) {
  return z.union([z.int().min(min).max(max), z.string().regex(/^\s*\d{1,15}\s*$/)]).pipe(z.coerce.number<string | number>().int().min(min).max(max))
}

/** A row id in a form: anything that cannot name a row reads as "not found" (api/read-fields.server.ts). */
export const rowIdField = wholeNumber(1, MAX_ROW_ID)

/** The message a flag's issue carries, so the refusal can say "0 or 1". */
export const FLAG_ISSUE = 'flag'

/** SPEC §7's 0/1 flags, and what HTML checkboxes and scripts send for them. */
export const flagField = z
  .enum(['0', '1', 'false', 'true', 'off', 'on'], { error: FLAG_ISSUE })
  .transform((value) => value === '1' || value === 'true' || value === 'on')

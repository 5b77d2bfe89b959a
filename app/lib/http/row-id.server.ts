import { z } from 'zod'
import { MAX_ROW_ID } from './row-id'

/**
 * A row id in a form, for the server's schemas. Kept out of row-id.ts, which pages import too: zod is 14 KB of the
 * browser's JavaScript, and no page needs it.
 */
export const rowIdSchema = z.coerce.number().int().positive().max(MAX_ROW_ID)

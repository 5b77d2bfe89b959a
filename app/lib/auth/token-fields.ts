import { z } from 'zod/v4'
import { rowIdField } from '../http/fields'

/** POST /tokens and the settings page's token forms: a name makes a token, intent=revoke with id revokes one. */
export const tokenFields = z.object({
  name: z.string().optional().meta({ description: '1–100 characters.' }),
  intent: z.enum(['revoke']).optional(),
  id: rowIdField.optional().meta({ description: 'With intent=revoke: the token to revoke.' }),
})

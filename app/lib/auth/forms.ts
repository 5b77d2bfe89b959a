import type { z } from 'zod'

/** Account form limits and helpers (pure, shared with the pages); the schemas live in forms.server.ts. */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 200
export const NAME_MAX_LENGTH = 100
export const EMAIL_MAX_LENGTH = 254

/** The first problem per field, as a translation key. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form')
    errors[field] ??= issue.message
  }
  return errors
}

/** The values a form posted, as strings (files and repeated names are not used by these forms). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {}
  for (const [key, value] of formData) if (typeof value === 'string' && !(key in values)) values[key] = value
  return values
}

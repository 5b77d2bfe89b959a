import { z } from 'zod'

/** Form schemas for accounts (pure: the action parses with them; messages are translation keys). */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 200
export const NAME_MAX_LENGTH = 100
export const EMAIL_MAX_LENGTH = 254

const email = z
  .string({ required_error: 'auth:errors.emailRequired', invalid_type_error: 'auth:errors.emailRequired' })
  .trim()
  .min(1, 'auth:errors.emailRequired')
  .max(EMAIL_MAX_LENGTH, 'auth:errors.emailInvalid')
  .email('auth:errors.emailInvalid')

export const signInSchema = z.object({
  email,
  password: z
    .string({ required_error: 'auth:errors.passwordRequired', invalid_type_error: 'auth:errors.passwordRequired' })
    .min(1, 'auth:errors.passwordRequired')
    .max(PASSWORD_MAX_LENGTH, 'auth:errors.passwordTooLong'),
})

export const signUpSchema = z
  .object({
    name: z
      .string({ required_error: 'auth:errors.nameRequired', invalid_type_error: 'auth:errors.nameRequired' })
      .trim()
      .min(1, 'auth:errors.nameRequired')
      .max(NAME_MAX_LENGTH, 'auth:errors.nameTooLong'),
    email,
    password: z
      .string({ required_error: 'auth:errors.passwordRequired', invalid_type_error: 'auth:errors.passwordRequired' })
      .min(PASSWORD_MIN_LENGTH, 'auth:errors.passwordTooShort')
      .max(PASSWORD_MAX_LENGTH, 'auth:errors.passwordTooLong'),
    confirm: z.string({ invalid_type_error: 'auth:errors.passwordsDiffer' }).default(''),
  })
  .refine((form) => form.password === form.confirm, { path: ['confirm'], message: 'auth:errors.passwordsDiffer' })

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

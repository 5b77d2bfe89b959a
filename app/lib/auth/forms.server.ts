import { z } from 'zod'
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './forms'

/**
 * Form schemas for accounts; messages are translation keys. Server-only so that zod stays out of the
 * pages' scripts.
 */
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

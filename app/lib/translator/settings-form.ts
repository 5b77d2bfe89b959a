import { QA_CHECKS } from '../qa/qa-kinds'
import type { MemoryChoice } from '../tm/memories.server'
import { memoryChoicesFromForm } from '../tm/memory-form'

/** What the translator's settings form posts: MT feedback, the memories and glossaries to read and write, QA checks. */
export interface PostedSettings {
  updateMt: boolean
  memories: MemoryChoice[]
  glossaries: MemoryChoice[]
  /** The checks whose box came unticked (every box is sent with the form). */
  qaOff: string[]
  /** Issue 58: a confirm fills the segment's repetitions. */
  propagate: boolean
  /** Issue 58: the characters a segment's translation may hold; null: no limit; undefined: not posted. */
  maxLength?: number | null
  /** Issue 58: a posted limit that is not a whole number from 1 to MAX_LENGTH_SETTING (the page says so, nothing is saved). */
  invalidMaxLength?: true
}

/** The largest limit the settings take (a segment holds at most MAX_SEGMENT_CHARACTERS anyway). */
export const MAX_LENGTH_SETTING = 100_000

export function settingsFromForm(form: FormData): PostedSettings {
  const on = new Set(form.getAll('qaCheck').map(String))
  return {
    updateMt: form.get('updateMt') === 'on',
    memories: memoryChoicesFromForm(form),
    glossaries: memoryChoicesFromForm(form, 'glossaries'),
    qaOff: QA_CHECKS.filter((check) => !on.has(check)),
    propagate: form.get('propagate') === 'on',
    ...maxLengthFromForm(form.get('maxLength')),
  }
}

/** Empty: no limit; a whole number from 1 to MAX_LENGTH_SETTING: that; anything else is refused. */
function maxLengthFromForm(value: FormDataEntryValue | null): { maxLength?: number | null; invalidMaxLength?: true } {
  if (value === null) return {}
  const text = String(value).trim()
  if (text === '') return { maxLength: null }
  const limit = /^\d{1,6}$/.test(text) ? Number(text) : NaN
  return limit >= 1 && limit <= MAX_LENGTH_SETTING ? { maxLength: limit } : { invalidMaxLength: true }
}

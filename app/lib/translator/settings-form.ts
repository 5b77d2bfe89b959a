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
}

export function settingsFromForm(form: FormData): PostedSettings {
  const on = new Set(form.getAll('qaCheck').map(String))
  return {
    updateMt: form.get('updateMt') === 'on',
    memories: memoryChoicesFromForm(form),
    glossaries: memoryChoicesFromForm(form, 'glossaries'),
    qaOff: QA_CHECKS.filter((check) => !on.has(check)),
    propagate: form.get('propagate') === 'on',
  }
}

/**
 * The form fields of a read/write list (components/memory-choices.tsx draws it, memory-form.ts reads it back):
 * memories as SPEC §2 has them, glossaries (issue 17) beside them with their own names.
 */
export const CHOICE_FIELDS = {
  memories: { id: 'memoryId', read: 'read', write: 'write', manage: '/memories' },
  glossaries: { id: 'glossaryId', read: 'glossaryRead', write: 'glossaryWrite', manage: '/glossaries' },
} as const

export type ChoiceKind = keyof typeof CHOICE_FIELDS

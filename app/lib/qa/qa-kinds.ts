/**
 * The QA warnings (issue 17, point 4) and the checks that find them, as the settings turn them on and off per project
 * and the report filters them. Browser-safe: the translator, its settings and the report render them.
 */
export const QA_CHECKS = ['numbers', 'spaces', 'punctuation', 'identical', 'length', 'limits', 'terms', 'inconsistency', 'spelling'] as const
export type QaCheck = (typeof QA_CHECKS)[number]

const CODES = {
  'number-missing': 'numbers',
  'number-added': 'numbers',
  'leading-space': 'spaces',
  'trailing-space': 'spaces',
  'double-space': 'spaces',
  'end-punctuation': 'punctuation',
  identical: 'identical',
  length: 'length',
  'too-long': 'limits',
  'line-too-long': 'limits',
  'term-missing': 'terms',
  'term-avoided': 'terms',
  'inconsistent-target': 'inconsistency',
  'inconsistent-source': 'inconsistency',
  spelling: 'spelling',
} as const satisfies Record<string, QaCheck>

export type QaCode = keyof typeof CODES
export const QA_CODES = Object.keys(CODES) as QaCode[]

export interface QaWarning {
  code: QaCode
  /** What the warning is about (the number, the punctuation mark, the term, the word), shown in it. */
  detail?: string
}

export function checkOf(code: QaCode): QaCheck {
  return CODES[code]
}

export function isQaCheck(value: string): value is QaCheck {
  return (QA_CHECKS as readonly string[]).includes(value)
}

/** How an ignored warning is remembered (qa_ignores.warning) and named in forms: its code and detail. */
export function warningKey(warning: QaWarning): string {
  return warning.detail === undefined ? warning.code : `${warning.code}:${warning.detail}`
}

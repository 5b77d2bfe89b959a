/**
 * SPEC §2 external links: a term base (term, source language, target language) and a synonym dictionary
 * (language, systemid, text), opened in a new tab from configured address templates. Placeholders are
 * replaced with URL-encoded values; nothing happens for empty text (SPEC §5).
 */
export type LookupKind = 'term' | 'synonym'

export interface LookupValues {
  text: string
  sourceLang: string
  targetLang: string
  /** The chosen machine-translation system (issue #6); empty until one exists. */
  systemId: string
}

export function lookupAddress(template: string | undefined, kind: LookupKind, values: LookupValues): string | undefined {
  const text = values.text.trim()
  if (!template || text === '') return undefined
  const fields: Record<string, string> =
    kind === 'term'
      ? { term: text, source: values.sourceLang, target: values.targetLang }
      : { text, language: values.sourceLang, systemid: values.systemId }
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in fields ? encodeURIComponent(fields[name]!) : whole))
}

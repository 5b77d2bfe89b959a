import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { TaggedText } from '../../tags/types'
import { detectFormat } from '../registry.server'
import type { FormatFilter } from '../types'
import { completeness, normalized } from './check'
import { independentTexts } from './independent-texts'
import { builtFiles } from './structures'

/**
 * Issue 57: the completeness check over files built for each structure a format allows (structures.ts): every text
 * is a unit, what is kept is reported, a translation reaches every text, and a filter that lost a unit is caught.
 */
const options = { targetLang: 'lv' }
/** The same bytes, or for a package the same entries (a package is written anew even when no part changed). */
const sameFile = (a: Uint8Array, b: Uint8Array) => {
  if (Buffer.compare(a, b) === 0) return true
  if (a[0] !== 0x50 || a[1] !== 0x4b) return false
  const [one, other] = [unzipSync(a), unzipSync(b)]
  return Object.keys(one).join() === Object.keys(other).join() && Object.keys(one).every((name) => Buffer.compare(one[name]!, other[name]!) === 0)
}
const translated = (tokens: TaggedText): TaggedText => tokens.map((token) => (token.kind === 'text' ? { kind: 'text', text: token.text.replace(/[\p{L}\p{N}]+/gu, 'Tulk') } : token))

describe.each(builtFiles().map((file) => [file.name, file] as const))('%s', (_name, file) => {
  const filter = detectFormat(file.name, file.bytes) as FormatFilter

  it('is read as its format, every named text a unit', () => {
    expect(filter?.id).toBe(file.format)
    const units = filter.extract(file.bytes, options)
    const covered = normalized(units.flatMap((unit) => [unit.source, unit.target ?? []]).map((tokens) => tokens.map((token) => (token.kind === 'text' ? token.text : '')).join('')).join('\n'))
    expect(file.texts.filter((text) => !covered.includes(text))).toEqual([])
    expect(covered).not.toMatch(/NOTTRANSLATED|DELETEDWORDS|MOVEDAWAY|ALTERNATIVE|A NOTE|SCRIPTTEXT|KEPTTEXTAREA|PHONETIC|FORMULARESULT/)
  })

  it('every text of the file is in a unit or kept, and the file says what it keeps', () => {
    const { missing, kept } = completeness(filter, file.bytes)
    expect(missing.join("\n"), file.name).toBe("")
    expect([...kept.keys()].sort()).toEqual([...(file.kept ?? [])].sort())
    expect((filter.kept?.(file.bytes) ?? []).map((each) => (each.name ? `${each.kind} ${each.name}` : each.kind)).sort()).toEqual([...(file.kept ?? [])].sort())
  })

  it('merging the units as they are changes nothing; a translation reaches every text and reads back', () => {
    const units = filter.extract(file.bytes, options)
    expect(sameFile(filter.merge(file.bytes, new Map(units.map((unit) => [unit.key, unit.target ?? unit.source])), options), file.bytes)).toBe(true)
    const translation = new Map(units.map((unit) => [unit.key, translated(unit.target ?? unit.source)]))
    const merged = filter.merge(file.bytes, translation, options)
    // Refs are the filter's business (a target's codes are numbered after the source's): tags compared without them.
    const withoutRefs = (tokens: TaggedText) => tokens.map((token) => (token.kind === 'text' ? token : { ...token, ref: undefined }))
    expect(filter.extract(merged, options).map((unit) => [unit.key, withoutRefs(unit.target ?? unit.source)])).toEqual([...translation].map(([key, tokens]) => [key, withoutRefs(tokens)]))
    // Read without the filter: no text that had to be translated is left as it was (a bilingual file keeps its source).
    if (file.format.startsWith('xliff')) return
    const left = independentTexts[file.format]!(merged).filter((found) => found.kept === undefined && file.texts.some((text) => normalized(found.text).includes(text)))
    expect(left).toEqual([])
  })

  it('the check fails for a filter that lost a unit', () => {
    const units = filter.extract(file.bytes, options)
    const losing: FormatFilter = { ...filter, extract: (bytes, given) => filter.extract(bytes, given).slice(0, -1) }
    expect(units.length).toBeGreaterThan(1)
    expect(completeness(losing, file.bytes).missing.length).toBeGreaterThan(0)
  })
})

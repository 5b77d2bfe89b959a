import { describe, expect, it } from 'vitest'
import { txtFilter } from './filter.server'
import { srtFilter } from '../subtitles/filter.server'
import { encodeText, encodingName, guessLegacyEncoding } from './text-encoding'

/** Issue 19: Baltic and Cyrillic Windows text, as older systems write it, recognised and written back as it came. */
const latvian = 'Labdien! Šī ir latviešu valoda ar garumzīmēm: ā, č, ē, ģ, ī, ķ, ļ, ņ, š, ū, ž.\nĢimenē viss kārtībā.\n'
const russian = 'Здравствуйте! Это русский текст, записанный в старой кодировке.\nВсё в порядке.\n'
const lithuanian = 'Laba diena. Ąžuolas, ęžeras, įlanka, ūkis, šuo.\n'
const cp = (text: string, label: string) => encodeText(text, { label, bom: false })

describe('legacy Windows encodings', () => {
  it('tells Baltic from Cyrillic text, and leaves UTF-8 and BOM-marked text to the usual reading', () => {
    expect(guessLegacyEncoding(cp(latvian, 'windows-1257'))).toBe('windows-1257')
    expect(guessLegacyEncoding(cp(lithuanian, 'windows-1257'))).toBe('windows-1257')
    expect(guessLegacyEncoding(cp(russian, 'windows-1251'))).toBe('windows-1251')
    expect(guessLegacyEncoding(new TextEncoder().encode(russian))).toBeUndefined()
    expect(guessLegacyEncoding(cp(latvian, 'utf-16le'))).toBeUndefined()
    expect(encodingName('windows-1257')).toBe('Windows-1257')
    expect(encodingName('utf-16le')).toBe('UTF-16LE')
  })

  it('reads a Windows-1257 text file and writes the translation back in Windows-1257', () => {
    const bytes = cp(latvian, 'windows-1257')
    const units = txtFilter.extract(bytes)
    expect(units[0]!.source).toEqual([{ kind: 'text', text: latvian.split('\n')[0] }])
    expect(txtFilter.merge(bytes, new Map())).toEqual(bytes)
    const merged = txtFilter.merge(bytes, new Map([[units[1]!.key, [{ kind: 'text', text: 'Ģimenē viss ir kārtībā.' }]]]), { targetLang: 'lv' })
    expect(merged).toEqual(cp(latvian.replace('Ģimenē viss kārtībā.', 'Ģimenē viss ir kārtībā.'), 'windows-1257'))
  })

  it('writes a translation the source charset cannot hold in the target language’s charset, else UTF-8', () => {
    const bytes = cp(latvian, 'windows-1257')
    const units = txtFilter.extract(bytes)
    const translations = new Map(units.map((unit, index) => [unit.key, [{ kind: 'text' as const, text: russian.split('\n')[index]! }]]))
    expect(txtFilter.merge(bytes, translations, { targetLang: 'ru' })).toEqual(cp(russian, 'windows-1251'))
    const chinese = new Map([[units[0]!.key, [{ kind: 'text' as const, text: '你好' }]]])
    expect(new TextDecoder('utf-8', { fatal: true }).decode(txtFilter.merge(bytes, chinese, { targetLang: 'zh' }))).toContain('你好')
  })

  it('reads Windows-1251 subtitles and keeps their encoding', () => {
    const srt = `1\n00:00:01,000 --> 00:00:02,000\nДобрый вечер.\n`
    const bytes = cp(srt, 'windows-1251')
    const [unit] = srtFilter.extract(bytes)
    expect(unit!.source).toEqual([{ kind: 'text', text: 'Добрый вечер.' }])
    expect(srtFilter.merge(bytes, new Map([[unit!.key, [{ kind: 'text', text: 'Добрый день.' }]]]), { targetLang: 'ru' })).toEqual(cp(srt.replace('вечер', 'день'), 'windows-1251'))
  })
})

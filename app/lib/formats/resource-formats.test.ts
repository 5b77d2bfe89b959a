import fs from 'node:fs'
import path from 'node:path'
import { strToU8, unzipSync, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { serialize } from '../tags/canonical'
import type { TaggedText } from '../tags/types'
import { detectFormat } from './registry.server'
import { androidFilter } from './android/filter.server'
import { idmlFilter } from './idml/filter.server'
import { jsonFilter } from './json/filter.server'
import { markdownFilter } from './markdown/filter.server'
import { poFilter } from './po/filter.server'
import { propertiesFilter } from './properties/filter.server'
import { srtFilter, vttFilter } from './subtitles/filter.server'
import type { Unit } from './types'

/** Issue 18: what each software-string and subtitle filter makes of its format, beyond the round-trip laws. */
const samples = path.resolve(import.meta.dirname, '../../../../shared/samples/formats')
const bytes = (text: string) => new TextEncoder().encode(text)
const text = (merged: Uint8Array) => new TextDecoder().decode(merged)
const shown = (units: Unit[]) => units.map((unit) => [unit.key, serialize(unit.source)])
const plain = (value: string): TaggedText => [{ kind: 'text', text: value }]

describe('PO', () => {
  const po = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\\n"

#. Shown on the toolbar
#: src/menu.c:12
msgctxt "menu"
msgid "Open"
msgstr ""

#, c-format
msgid "%d file"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""

#, fuzzy
msgid "Save"
msgstr "Saglabāt?"

msgid "Usage:\\n"
msgstr "Lietojums:\\n"
`

  it('keys entries by msgctxt and msgid, shows comments as context, fuzzy as a draft and placeholders as tags', () => {
    const units = poFilter.extract(bytes(po), { targetLang: 'lv' })
    expect(shown(units)).toEqual([
      ['menu\u0004Open', 'Open'],
      ['%d file[0]', '<ph1/> file'],
      ['%d file[1]', '<ph1/> files'],
      ['%d file[2]', '<ph1/> files'],
      ['Save', 'Save'],
      ['Usage:\n', 'Usage:<br1/>'],
    ])
    expect(units[0]).toMatchObject({ context: 'menu · Shown on the toolbar · src/menu.c:12' })
    expect(units[0]!.target).toBeUndefined()
    expect(units[4]).toMatchObject({ targetState: 'draft', target: plain('Saglabāt?') })
    expect(units[5]).toMatchObject({ targetState: 'translated' })
    // Russian has three forms too; English two.
    expect(poFilter.extract(bytes(po), { targetLang: 'ru' })).toHaveLength(6)
    expect(poFilter.extract(bytes(po), { targetLang: 'en' })).toHaveLength(5)
  })

  it('writes three Latvian plural forms with the header to match, clears fuzzy, leaves untranslated entries empty', () => {
    const units = poFilter.extract(bytes(po), { targetLang: 'lv' })
    const ph = units[1]!.source[0]!
    const translations = new Map<string, TaggedText>([
      ['menu\u0004Open', plain('Open')],
      ['%d file[0]', [ph, { kind: 'text', text: ' datne' }]],
      ['%d file[1]', [ph, { kind: 'text', text: ' datnes' }]],
      ['%d file[2]', [ph, { kind: 'text', text: ' datņu' }]],
      ['Save', plain('Saglabāt')],
    ])
    const merged = text(poFilter.merge(bytes(po), translations, { targetLang: 'lv' }))
    expect(merged).toContain('"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);\\n"')
    expect(merged).toContain('msgstr[0] "%d datne"\nmsgstr[1] "%d datnes"\nmsgstr[2] "%d datņu"')
    expect(merged).toContain('msgctxt "menu"\nmsgid "Open"\nmsgstr ""')
    expect(merged).toContain('msgid "Save"\nmsgstr "Saglabāt"')
    expect(merged).not.toContain('fuzzy')
  })

  it('writes a CP1251 file back in CP1251, or as UTF-8 when a translation has letters CP1251 lacks', () => {
    const original = new Uint8Array(fs.readFileSync(path.join(samples, 'po/okapi_Test_DrupalRussianCP1251.po')))
    const units = poFilter.extract(original, { targetLang: 'ru' })
    expect(units.some((unit) => unit.target && /[а-я]/.test(serialize(unit.target)))).toBe(true)
    const unit = units.find((each) => each.target)!
    const russian = poFilter.merge(original, new Map([[unit.key, plain('Перевод')]]), { targetLang: 'ru' })
    expect(new TextDecoder('windows-1251').decode(russian)).toContain('msgstr "Перевод"')
    const latvian = poFilter.merge(original, new Map([[unit.key, plain('Tulkojums ar garumzīmēm')]]), { targetLang: 'lv' })
    expect(text(latvian)).toContain('msgstr "Tulkojums ar garumzīmēm"')
    expect(text(latvian)).toMatch(/charset=UTF-8/)
  })

  it('refuses what is not PO', () => {
    expect(detectFormat('broken.po', bytes('msgid "a"\nthis is not po\n'))).toBeUndefined()
  })
})

describe('Java .properties', () => {
  it('reads escapes and continuation lines, writes one escaped line, \\u escapes in an ASCII file', () => {
    const file = 'greeting = Hello, {0}!\nmulti = one \\\n    two\n# comment\nkey\\ with\\ space : value\n'
    const units = propertiesFilter.extract(bytes(file))
    expect(shown(units)).toEqual([
      ['greeting', 'Hello, <ph1/>!'],
      ['multi', 'one two'],
      ['key with space', 'value'],
    ])
    const merged = propertiesFilter.merge(
      bytes(file),
      new Map([
        ['greeting', [{ kind: 'text', text: 'Sveiki, ' }, units[0]!.source[1]!, { kind: 'text', text: '!' }] as TaggedText],
        ['multi', plain(' viens\ndivi')],
      ]),
    )
    expect(text(merged)).toBe('greeting = Sveiki, {0}!\nmulti = \\ viens\\ndivi\n# comment\nkey\\ with\\ space : value\n')
    expect(text(propertiesFilter.merge(bytes(file), new Map([['multi', plain('zīme')]])))).toContain('multi = z\\u012bme\n')
  })
})

describe('JSON', () => {
  it('keys string values by path, keeps numbers and keys, ICU and i18next placeholders as tags', () => {
    const file =
      '{\n  "menu": { "open": "Open {name}", "count": 3, "items": ["First", "{{user}} left", "42"] },\n  "@metadata": { "authors": ["Ann"] }\n}\n'
    const units = jsonFilter.extract(bytes(file))
    expect(shown(units)).toEqual([
      ['menu.open', 'Open <ph1/>'],
      ['menu.items[0]', 'First'],
      ['menu.items[1]', '<ph1/> left'],
    ])
    const merged = jsonFilter.merge(
      bytes(file),
      new Map([['menu.open', [{ kind: 'text', text: 'Atvērt "' }, units[0]!.source[1]!, { kind: 'text', text: '"' }] as TaggedText]]),
    )
    expect(JSON.parse(text(merged))).toEqual({
      menu: { open: 'Atvērt "{name}"', count: 3, items: ['First', '{{user}} left', '42'] },
      '@metadata': { authors: ['Ann'] },
    })
  })

  it('refuses a file that is not JSON', () => {
    expect(() => jsonFilter.extract(bytes('{"a": '))).toThrow(/not JSON/)
  })
})

describe('subtitles', () => {
  it('SubRip: one unit per cue, line breaks and markup as tags, numbers and timings untouched', () => {
    const file = '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello <i>there</i>,\r\nfriend.\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye.\r\n'
    const units = srtFilter.extract(bytes(file))
    expect(shown(units)).toEqual([
      ['1', 'Hello <i1>there</i1>,<br2/>friend.'],
      ['2', 'Bye.'],
    ])
    expect(units[0]!.context).toBe('00:00:01,000 --> 00:00:02,500')
    const source = units[0]!.source
    const merged = srtFilter.merge(
      bytes(file),
      new Map([
        [
          '1',
          [{ kind: 'text', text: 'Sveiks, ' }, source[1]!, { kind: 'text', text: 'draugs' }, source[3]!, source[5]!, { kind: 'text', text: '!' }],
        ],
      ]),
    )
    expect(text(merged)).toBe(
      '1\r\n00:00:01,000 --> 00:00:02,500\r\nSveiks, <i>draugs</i>\r\n!\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nBye.\r\n',
    )
  })

  it('WebVTT: NOTE and STYLE blocks and cue settings stay; entities are read and written', () => {
    const file =
      'WEBVTT\n\nNOTE not for translation\n\nSTYLE\n::cue { color: red }\n\nintro\n00:01.000 --> 00:02.000 align:start\n<v Anna>Fish &amp; chips\n'
    const units = vttFilter.extract(bytes(file))
    expect(shown(units)).toEqual([['1', '<v1/>Fish & chips']])
    const merged = vttFilter.merge(bytes(file), new Map([['1', [units[0]!.source[0]!, { kind: 'text', text: 'Zivs & <kartupeļi>' }]]]))
    expect(text(merged)).toBe(file.replace('Fish &amp; chips', 'Zivs &amp; &lt;kartupeļi&gt;'))
    expect(detectFormat('a.vtt', bytes('1\n00:01.000 --> 00:02.000\nNo signature\n'))).toBeUndefined()
  })
})

describe('Android strings', () => {
  const file = `<?xml version="1.0" encoding="utf-8"?>
<resources xmlns:xliff="urn:oasis:names:tc:xliff:document:1.2">
    <string name="app_name" translatable="false">Tulks</string>
    <string name="greeting">Don\\'t <b>panic</b>, %1$s!</string>
    <string name="quoted">"Keep   spaces"</string>
    <string-array name="planets"><item>Mercury</item><item>Venus</item></string-array>
    <plurals name="files">
        <item quantity="one"><xliff:g id="count">%d</xliff:g> file</item>
        <item quantity="other"><xliff:g id="count">%d</xliff:g> files</item>
    </plurals>
</resources>
`

  it('reads strings, arrays and the target language\'s plural quantities; escapes undone; not-translatable left out', () => {
    const units = androidFilter.extract(bytes(file), { targetLang: 'lv' })
    expect(shown(units)).toEqual([
      ['greeting', "Don't <b1>panic</b1>, <ph2/>!"],
      ['quoted', 'Keep   spaces'],
      ['planets[0]', 'Mercury'],
      ['planets[1]', 'Venus'],
      ['files[zero]', '<ph1/> files'],
      ['files[one]', '<ph1/> file'],
      ['files[other]', '<ph1/> files'],
    ])
    expect(androidFilter.extract(bytes(file), { targetLang: 'ru' }).map((unit) => unit.key).filter((key) => key.startsWith('files'))).toEqual([
      'files[one]',
      'files[few]',
      'files[many]',
      'files[other]',
    ])
  })

  it('writes escaped translations and the plurals resource with the Latvian quantities', () => {
    const units = androidFilter.extract(bytes(file), { targetLang: 'lv' })
    const code = (key: string) => units.find((unit) => unit.key === key)!.source.find((token) => token.kind !== 'text')!
    const translations = new Map<string, TaggedText>([
      ['greeting', [{ kind: 'text', text: "Nekrīti 'panikā' " }, code('greeting')]],
      ['files[zero]', [code('files[zero]'), { kind: 'text', text: ' datņu' }]],
      ['files[one]', [code('files[one]'), { kind: 'text', text: ' datne' }]],
      ['files[other]', [code('files[other]'), { kind: 'text', text: ' datnes' }]],
    ])
    const merged = text(androidFilter.merge(bytes(file), translations, { targetLang: 'lv' }))
    expect(merged).toContain(`<string name="greeting">Nekrīti \\'panikā\\' <b>`.replace('<b>', ''))
    expect(merged).toContain(
      '<plurals name="files">\n        <item quantity="zero"><xliff:g id="count">%d</xliff:g> datņu</item>\n        <item quantity="one"><xliff:g id="count">%d</xliff:g> datne</item>\n        <item quantity="other"><xliff:g id="count">%d</xliff:g> datnes</item>\n    </plurals>',
    )
    expect(merged).toContain('<string name="app_name" translatable="false">Tulks</string>')
  })
})

describe('Markdown', () => {
  const file = '# Getting *started*\n\nRun `npm start` and open [the app](http://localhost:3000 "local").\nIt works.\n\n```sh\nnpm start\n```\n\n| Key | Meaning |\n|-----|---------|\n| Tab | Accept  |\n\n> - quoted **item**\n'

  it('reads headings, paragraphs, table cells and quoted list items; code blocks stay out; markers are tags', () => {
    expect(shown(markdownFilter.extract(bytes(file)))).toEqual([
      ['b0', 'Getting <i1>started</i1>'],
      ['b1', 'Run <ph1/> and open <a2>the app</a2>. It works.'],
      ['b2', 'Key'],
      ['b3', 'Meaning'],
      ['b4', 'Tab'],
      ['b5', 'Accept'],
      ['b6', 'quoted <b1>item</b1>'],
    ])
  })

  it('writes a translation in place, escaped, every other byte kept', () => {
    const units = markdownFilter.extract(bytes(file))
    const tags = units[1]!.source.filter((token) => token.kind !== 'text')
    const merged = text(
      markdownFilter.merge(
        bytes(file),
        new Map<string, TaggedText>([
          ['b1', [{ kind: 'text', text: 'Palaidiet ' }, tags[0]!, { kind: 'text', text: ' un atveriet ' }, tags[1]!, { kind: 'text', text: 'lietotni_1' }, tags[2]!, { kind: 'text', text: ' *tūlīt*.' }]],
          ['b5', plain('Pieņemt | ok')],
        ]),
      ),
    )
    expect(merged).toBe(
      file
        .replace('Run `npm start` and open [the app](http://localhost:3000 "local").\nIt works.', 'Palaidiet `npm start` un atveriet [lietotni\\_1](http://localhost:3000 "local") \\*tūlīt\\*.')
        .replace('| Accept  |', '| Pieņemt \\| ok  |'),
    )
  })
})

describe('IDML', () => {
  const footnotes = new Uint8Array(fs.readFileSync(path.join(samples, 'idml/okapi_09-footnotes.idml')))

  it('reads story paragraphs, footnotes as codes with their own units, InDesign special characters as codes', () => {
    expect(shown(idmlFilter.extract(footnotes)).map(([, source]) => source)).toEqual([
      'Text1.<x1/> Text2.<x2/>Text3.',
      'Text4.<x1/>Text5.',
      '<x1/>\tText1 footnote.',
      '<x1/>\tText2 footnote.',
      '<x1/>\tText4 footnote.',
      'And another paragraph in a footnote.',
    ])
  })

  it('writes a paragraph and the footnote inside it, keeping the footnote number marker', () => {
    const units = idmlFilter.extract(footnotes)
    const outer = units[0]!.source.filter((token) => token.kind !== 'text')
    const note = units[2]!.source[0]!
    const merged = idmlFilter.merge(
      footnotes,
      new Map<string, TaggedText>([
        [units[0]!.key, [{ kind: 'text', text: 'Teksts1.' }, outer[0]!, { kind: 'text', text: ' Teksts2 & 3.' }, outer[1]!]],
        [units[2]!.key, [note, { kind: 'text', text: '\tPirmā piezīme.' }]],
      ]),
    )
    expect(shown(idmlFilter.extract(merged)).map(([, source]) => source).slice(0, 3)).toEqual([
      'Teksts1.<x1/> Teksts2 & 3.<x2/>',
      'Text4.<x1/>Text5.',
      '<x1/>\tPirmā piezīme.',
    ])
    const story = Object.entries(unzipSync(merged)).find(([name]) => name.startsWith('Stories/') && new TextDecoder().decode(unzipSync(merged)[name]).includes('Teksts1'))!
    expect(new TextDecoder().decode(story[1])).toContain('<Content><?ACE 4?></Content><Content>\tPirmā piezīme.</Content>')
  })

  // Issue 57: a tagged (structured) story wraps its paragraphs in XMLElement; only the headline was read, and the
  // body, inside the structure element, stayed in English in the downloaded file.
  const hello = new Uint8Array(fs.readFileSync(path.join(samples, 'idml/okapi_helloworld-1.idml')))
  const tagged = (() => {
    const entries = unzipSync(hello)
    const name = Object.keys(entries).find((entry) => entry.startsWith('Stories/'))!
    const story = new TextDecoder().decode(entries[name])
    const csr = (text: string) => `<CharacterStyleRange AppliedCharacterStyle="CharacterStyle/$ID/[No character style]"><Content>${text}</Content></CharacterStyleRange>`
    entries[name] = strToU8(
      story.replace(
        /<ParagraphStyleRange[\s\S]*<\/ParagraphStyleRange>/,
        `<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/Headline">${csr('The headline').replace('</Content>', '</Content><Br/>')}</ParagraphStyleRange>` +
          `<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/Body"><XMLElement Self="di2" MarkupTag="XMLTag/article">` +
          `<CharacterStyleRange AppliedCharacterStyle="CharacterStyle/$ID/[No character style]"><Content>The first body paragraph.</Content><Br/><Content>The second one.</Content></CharacterStyleRange>` +
          `<XMLElement Self="di3" MarkupTag="XMLTag/quote">${csr('A quote nested deeper.')}</XMLElement>` +
          `</XMLElement></ParagraphStyleRange>`,
      ),
    )
    return zipSync(entries)
  })()

  it('reads the paragraphs inside structure elements, at any depth, and writes them back inside them', () => {
    const units = idmlFilter.extract(tagged)
    expect(units.map((unit) => serialize(unit.source))).toEqual(['The headline', 'The first body paragraph.', 'The second one.', 'A quote nested deeper.'])
    const merged = idmlFilter.merge(tagged, new Map(units.map((unit, index) => [unit.key, [{ kind: 'text', text: `Tulkojums ${index}.` }] as TaggedText])))
    expect(idmlFilter.extract(merged).map((unit) => serialize(unit.source))).toEqual(['Tulkojums 0.', 'Tulkojums 1.', 'Tulkojums 2.', 'Tulkojums 3.'])
    const story = Object.entries(unzipSync(merged)).find(([name]) => name.startsWith('Stories/'))![1]
    const xml = new TextDecoder().decode(story)
    expect(xml).toMatch(/<XMLElement Self="di2" MarkupTag="XMLTag\/article">[\s\S]*Tulkojums 1\.[\s\S]*Tulkojums 2\.[\s\S]*<XMLElement Self="di3"[^>]*>[\s\S]*Tulkojums 3\.[\s\S]*<\/XMLElement><\/XMLElement>/)
    expect(xml).not.toContain('body paragraph')
  })
})

describe('IDML inline wrappers', () => {
  // Issue 57: a hyperlink's text (HyperlinkTextSource inside a character style range) was a code, its words lost.
  const linked = new Uint8Array(fs.readFileSync(path.join(samples, 'idml/okapi_03-hyperlink-and-table-content.idml')))

  it('reads a hyperlink source as a tag pair around its text and writes the translation inside it', () => {
    const units = idmlFilter.extract(linked)
    const link = units.find((unit) => serialize(unit.source).includes('shared link to Email'))!
    expect(serialize(link.source)).toBe('Text <g1><a2>shared link to Email</a2></g1> text.')
    const texts = ['Teksts ', 'kopīga saite uz e-pastu', ' teksts.']
    const translation = link.source.map((token) => (token.kind === 'text' ? { kind: 'text' as const, text: texts.shift()! } : token))
    const merged = idmlFilter.merge(linked, new Map([[link.key, translation]]))
    const story = new TextDecoder().decode(unzipSync(merged)['Stories/Story_u12b.xml']!)
    expect(story).toMatch(/<HyperlinkTextSource Self="u207"[^>]*><Content>kopīga saite uz e-pastu<\/Content><\/HyperlinkTextSource>/)
    expect(story).not.toContain('shared link')
  })
})

// Issue 57: CR CR LF (line ends converted twice) and any mix of line ends read as the same lines.
describe('line ends', () => {
  /**
   * Every line end of the file replaced: all by CR CR LF, or each by the next of LF, CR LF, CR, CR CR LF in turn — a
   * lone CR only before a line's text (before another line end, CR LF or CR CR LF it would read as one line end).
   */
  const withLineEnds = (bytes: Uint8Array, mix: 'crcrlf' | 'mixed') => {
    const endings = mix === 'crcrlf' ? ['\r\r\n'] : ['\n', '\r\n', '\r', '\r\r\n']
    let count = 0
    // Line ends are ASCII: latin1 keeps every other byte as it was, in any encoding the sample has.
    const text = Buffer.from(bytes).toString('latin1')
    return Buffer.from(
      text.replace(/\r\n|\n|\r/g, (end, at: number) => {
        const ending = endings[count++ % endings.length]!
        return ending === '\r' && /[\r\n]/.test(text[at + end.length] ?? '\n') ? '\n' : ending
      }),
      'latin1',
    )
  }
  const read = (filter: typeof srtFilter, bytes: Uint8Array) =>
    filter.extract(bytes).map((unit) => [unit.key, serialize(unit.source).replace(/\r*\n|\r/g, '⏎'), unit.context?.trim()])

  it.each([
    ['SubRip', srtFilter, 'subtitles/okapi_srttest.srt'],
    ['WebVTT', vttFilter, 'subtitles/vttjs_cycle-collector-talk.vtt'],
    ['PO', poFilter, 'po/okapi_AllCasesTest.po'],
    ['.properties', propertiesFilter, 'other/okapi_proptest.properties'],
  ] as const)('%s: CR CR LF and a mix of every line end give the units LF gives, and a translation is written back', (_name, filter, file) => {
    const lf = new Uint8Array(fs.readFileSync(path.join(samples, file)))
    const expected = read(filter, lf)
    expect(expected.length).toBeGreaterThan(2)
    for (const mix of ['crcrlf', 'mixed'] as const) {
      const bytes = withLineEnds(lf, mix)
      expect(read(filter, bytes), mix).toEqual(expected)
      const units = filter.extract(bytes)
      const merged = filter.merge(bytes, new Map(units.map((unit, index) => [unit.key, [{ kind: 'text', text: `Tulkojums ${index}` }] as TaggedText])))
      expect(filter.extract(merged).map((unit) => serialize(unit.target ?? unit.source)), mix).toEqual(units.map((_, index) => `Tulkojums ${index}`))
      // What was not translated keeps its bytes, line ends included.
      expect(Buffer.compare(filter.merge(bytes, new Map()), bytes)).toBe(0)
    }
  })
})

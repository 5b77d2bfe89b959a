import fs from 'node:fs'
import v8 from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { parseTmxDate, readTmx, type LanguagePair } from './tmx'
import { chunked, collect, SAMPLES, sampleBytes, textStream, tmx, unitXml } from './tmx-test-streams'

const enLv: LanguagePair = { sourceLang: 'en', targetLang: 'lv' }
const enFr: LanguagePair = { sourceLang: 'en-US', targetLang: 'fr' }

function read(xml: string, pair = enLv, chunkSize?: number) {
  return collect(readTmx(textStream(xml, chunkSize), pair))
}

describe('samples in ../shared/samples/tmx', () => {
  // Counts checked by hand against the files (grep of <tu and of each language's tuv).
  it.each<[string, LanguagePair, number]>([
    ['ntrex128_en-lv-ru.tmx', { sourceLang: 'en', targetLang: 'lv' }, 1997],
    ['ntrex128_en-lv-ru.tmx', { sourceLang: 'lv', targetLang: 'ru' }, 1997],
    ['tatoeba_en-lv.tmx', enLv, 1000],
    ['tatoeba_en-ru.tmx', { sourceLang: 'en', targetLang: 'ru' }, 1000],
    ['okapi_ExportTest2A.tmx', enFr, 6],
    // SOURCES.md calls it empty; it holds one unit, with whitespace and quotes inside its tags as the test case.
    ['okapi_ImportTest1B_empty.tmx', enFr, 1],
    ['okapi_ImportTest1C_multilingual.tmx', { sourceLang: 'en-gb', targetLang: 'ja' }, 3],
    ['okapi_ImportTest1C_multilingual.tmx', { sourceLang: 'es', targetLang: 'fr-CA' }, 3],
    ['okapi_ImportTest2A.tmx', enFr, 7], // UTF-16LE with BOM
    ['okapi_ImportTest2C.tmx', enFr, 1],
    ['okapi_Paragraph_TM.tmx', { sourceLang: 'en', targetLang: 'de' }, 7],
    ['okapi_header_with_prop_and_note.tmx', enFr, 1],
    ['okapi_html_test.tmx', enFr, 11], // UTF-16LE with BOM
    ['okapi_pensieve_mytm.tmx', enFr, 25],
    ['okapi_simple_1.4b.tmx', enFr, 1],
    ['okapi_tmxtest-attributes.tmx', enFr, 9],
    ['okapi_website_sample14b.tmx', { sourceLang: 'en', targetLang: 'de' }, 25],
  ])('%s %o: %i units', async (name, pair, count) => {
    const { units, report } = await collect(readTmx(chunked(sampleBytes(name), 4096), pair))
    expect(report.error).toBeUndefined()
    expect(units).toHaveLength(count)
    expect(report.imported).toBe(count)
  })

  it('reads every sample without an error, in any language pair it holds', async () => {
    for (const name of fs.readdirSync(SAMPLES).filter((file) => file.endsWith('.tmx'))) {
      for (const pair of [enFr, enLv, { sourceLang: 'de', targetLang: 'ja' }]) {
        const { report } = await collect(readTmx(chunked(sampleBytes(name), 1000), pair))
        expect(report.error, `${name} ${pair.sourceLang}-${pair.targetLang}`).toBeUndefined()
      }
    }
  })

  it('gives the same units whatever the chunk size, even one byte (UTF-16 split mid-character)', async () => {
    for (const name of ['okapi_ImportTest2A.tmx', 'okapi_ImportTest2C.tmx', 'okapi_tmxtest-attributes.tmx']) {
      const whole = await collect(readTmx(chunked(sampleBytes(name), 1 << 20), enFr))
      const byByte = await collect(readTmx(chunked(sampleBytes(name), 1), enFr))
      const byPrime = await collect(readTmx(chunked(sampleBytes(name), 7), enFr))
      expect(byByte).toStrictEqual(whole)
      expect(byPrime).toStrictEqual(whole)
    }
  })

  it('reads inline codes, dates and creator as in the file (okapi_ImportTest2C.tmx)', async () => {
    const { units } = await collect(readTmx(chunked(sampleBytes('okapi_ImportTest2C.tmx')), enFr))
    expect(units).toStrictEqual([
      {
        source: '<x1/><g1>Click <ph3/> to <g4>start</g4>.</g1>',
        target: '<x1/><g1>Cliquez <ph3/> pour <g4>commencer</g4>.</g1>',
        sourceLang: 'en-us',
        targetLang: 'fr',
        creator: 'ys',
        created: new Date('2002-05-23T09:12:00Z'),
        changed: new Date('2002-05-23T09:12:00Z'),
      },
    ])
  })

  it('decodes entities and keeps what looks like a tag escaped (okapi_ImportTest2A.tmx, UTF-16)', async () => {
    const { units } = await collect(readTmx(chunked(sampleBytes('okapi_ImportTest2A.tmx')), enFr))
    expect(units[1]?.source).toBe('Test for special characters = <g1><</g1>=lt, <g2>></g2>=gt, <g3>&</g3>=amp, <g4>"</g4>=quot.')
    expect(units[1]?.targetLang).toBe('fr-ca')
  })

  it('gives the empty document zero units', async () => {
    const { units, report } = await read(tmx(''))
    expect(units).toStrictEqual([])
    expect(report).toMatchObject({ imported: 0, skipped: 0 })
    expect(report.error).toBeUndefined()
  })
})

describe('inline codes', () => {
  it.each<[string, string, string, string, string]>([
    ['plain text', 'Hello', 'Sveiki', 'Hello', 'Sveiki'],
    ['bpt/ept pair', 'a <bpt i="1">&lt;b></bpt>bold<ept i="1">&lt;/b></ept>', '<bpt i="1"/>trekns<ept i="1"/> a', 'a <g1>bold</g1>', '<g1>trekns</g1> a'],
    ['bpt i kept as the id', '<bpt i="7"/>x<ept i="7"/>', '<bpt i="7"/>y<ept i="7"/>', '<g7>x</g7>', '<g7>y</g7>'],
    ['pairs swapped in the target keep their ids', '<bpt i="1"/>a<ept i="1"/> <bpt i="2"/>b<ept i="2"/>', '<bpt i="2"/>b<ept i="2"/> <bpt i="1"/>a<ept i="1"/>', '<g1>a</g1> <g2>b</g2>', '<g2>b</g2> <g1>a</g1>'],
    ['ph with x', 'Hi <ph x="3">{name}</ph>!', 'Sveiks, <ph x="3">{name}</ph>!', 'Hi <ph3/>!', 'Sveiks, <ph3/>!'],
    ['ph without x, matched by order', 'a<ph>%s</ph>b<ph>%d</ph>', '<ph>%s</ph>c<ph>%d</ph>', 'a<ph1/>b<ph2/>', '<ph1/>c<ph2/>'],
    ['it becomes a self-closing tag', '<it pos="begin" x="2">&lt;i></it>italic', '<it pos="begin" x="2">&lt;i></it>kursīvs', '<x2/>italic', '<x2/>kursīvs'],
    ['hi is a pair around text', 'to <hi x="4">start</hi>', 'lai <hi x="4">sāktu</hi>', 'to <g4>start</g4>', 'lai <g4>sāktu</g4>'],
    ['hi nested in hi', '<hi>a <hi>b</hi></hi>', '<hi>c <hi>d</hi></hi>', '<g1>a <g2>b</g2></g1>', '<g1>c <g2>d</g2></g1>'],
    ['ut is a placeholder', 'a<ut>\\par</ut>b', 'c<ut>\\par</ut>d', 'a<ph1/>b', 'c<ph1/>d'],
    ['sub text inside a code is dropped', 'Click <ph x="1">&lt;img alt="<sub>Start</sub>"></ph>', 'Klikšķini <ph x="1">&lt;img alt="<sub>Sākt</sub>"></ph>', 'Click <ph1/>', 'Klikšķini <ph1/>'],
    ['typed ph is how we write a self-closing tag', '<ph x="5" type="x-tulks-self"/>a', 'b<ph x="5" type="x-tulks-self"/>', '<x5/>a', 'b<x5/>'],
    ['pair and standalone may share a number', '<bpt i="1"/>a<ept i="1"/><ph x="1"/>', '<ph x="1"/><bpt i="1"/>b<ept i="1"/>', '<g1>a</g1><ph1/>', '<ph1/><g1>b</g1>'],
    ['a taken number moves the next code along', '<ph x="1"/><ph x="1"/>a', 'b<ph x="1"/><ph x="1"/>', '<ph1/><ph2/>a', 'b<ph1/><ph2/>'],
    ['text that looks like a tag is escaped', '&lt;g1&gt; &amp;lt;', '&lt;x2/&gt;', '&lt;g1> &amp;lt;', '&lt;x2/>'],
    ['CDATA is text', '<![CDATA[a < b]]>', 'c', 'a < b', 'c'],
    ['whitespace is kept', '  two  spaces\n', '\ttab', '  two  spaces\n', '\ttab'],
  ])('%s', async (_case, english, latvian, source, target) => {
    const { units, report } = await read(tmx(unitXml(english, latvian)))
    expect(report.issues).toStrictEqual([])
    expect(units.map((unit) => [unit.source, unit.target])).toStrictEqual([[source, target]])
  })
})

describe('languages', () => {
  const multilingual = tmx(
    '<tu><tuv xml:lang="EN-GB"><seg>colour</seg></tuv><tuv xml:lang="en-US"><seg>color</seg></tuv>' +
      '<tuv lang="lv"><seg>krāsa</seg></tuv></tu>',
    '<header srclang="*all*" adminlang="en" segtype="sentence" datatype="plaintext" o-tmf="t" creationtool="t" creationtoolversion="1"/>',
  )

  it.each<[string, LanguagePair, string, string]>([
    ['exact, case-insensitive', { sourceLang: 'en-us', targetLang: 'LV' }, 'color', 'en-US'],
    ['exact region preferred to the first one', { sourceLang: 'en-US', targetLang: 'lv' }, 'color', 'en-US'],
    ['by primary subtag: the first such variant', { sourceLang: 'en', targetLang: 'lv' }, 'colour', 'EN-GB'],
    ['by primary subtag when the region is absent', { sourceLang: 'en-AU', targetLang: 'lv-LV' }, 'colour', 'EN-GB'],
  ])('%s', async (_case, pair, source, sourceLang) => {
    const { units, report } = await read(multilingual, pair)
    expect(report.header.srclang).toBe('*all*')
    expect(units).toStrictEqual([{ source, target: 'krāsa', sourceLang, targetLang: 'lv' }])
  })

  it('reads either direction of the same file (srclang *all*)', async () => {
    const { units } = await read(multilingual, { sourceLang: 'lv', targetLang: 'en-US' })
    expect(units).toStrictEqual([{ source: 'krāsa', target: 'color', sourceLang: 'lv', targetLang: 'en-US' }])
  })

  it('two variants of one language can be source and target', async () => {
    const { units } = await read(multilingual, { sourceLang: 'en-GB', targetLang: 'en-US' })
    expect(units.map((unit) => [unit.source, unit.target])).toStrictEqual([['colour', 'color']])
  })
})

describe('unit attributes', () => {
  it('takes the target variant over the unit, and ignores a date that is not one', async () => {
    const xml = tmx(
      '<tu creationid="anna" creationdate="20240102T030405Z" changedate="2024-01-02">' +
        '<tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="lv" creationid="juris" changedate="20250607T080910Z"><seg>b</seg></tuv></tu>',
    )
    const { units } = await read(xml)
    expect(units).toStrictEqual([
      {
        source: 'a',
        target: 'b',
        sourceLang: 'en',
        targetLang: 'lv',
        creator: 'juris',
        created: new Date('2024-01-02T03:04:05Z'),
        changed: new Date('2025-06-07T08:09:10Z'),
      },
    ])
  })

  it.each([
    ['20240229T235959Z', new Date('2024-02-29T23:59:59Z')],
    ['20230229T000000Z', undefined],
    ['20240102T030405', undefined],
    ['', undefined],
  ])('parseTmxDate(%j)', (value, date) => {
    expect(parseTmxDate(value)).toStrictEqual(date)
  })

  it('reads every unit date as parseTmxDate does, day after day and past the end of a day', async () => {
    const dates = [
      ...['20240102T030405Z', '20240102T235959Z', '20240102T240000Z', '20240102T235960Z', '20240102T000000Z', '20240103T000001Z'],
      ...['20240229T120000Z', '20230229T120000Z', '20231231T235959Z', '00500101T000000Z', '20240102T0304a5Z', '2024010xT030405Z'],
      ...['20241301T000000Z', '20240100T000000Z', '20240102T99999 Z', '20240102 030405Z', ' 20240102T030405Z', '20240102T030405Z '],
    ]
    const xml = tmx(dates.map((date, index) => unitXml(`a${index}`, 'b', ` creationdate="${date}" changedate="${date}"`)).join(''))
    const { units } = await read(xml)
    expect(units.map((unit) => unit.created)).toStrictEqual(dates.map(parseTmxDate))
    expect(units.map((unit) => unit.changed)).toStrictEqual(dates.map(parseTmxDate))
    expect(units.filter((unit) => unit.created).length).toBe(9)
  })
})

describe('skipped units are counted with their reason', () => {
  it('reports each reason with the unit index and goes on', async () => {
    const xml = tmx(
      [
        unitXml('ok', 'labi'),
        '<tu><tuv xml:lang="en"><seg>only English</seg></tuv><tuv xml:lang="ru"><seg>русский</seg></tuv></tu>',
        unitXml('  ', 'tukšs'),
        unitXml('<ph x="1"/>', 'tikai kods <ph x="1"/>'),
        '<tu><tuv xml:lang="en"><seg>no seg in Latvian</seg></tuv><tuv xml:lang="lv"></tuv></tu>',
        unitXml('<ept i="1"/>closing first', 'x'),
        unitXml('<bpt i="1"/>never closed', 'x'),
        unitXml('<bpt/>no i<ept/>', 'x'),
        unitXml('a <g>b</g>', 'c'),
        unitXml('ok again', 'atkal labi'),
      ].join(''),
    )
    const { units, report } = await read(xml)
    expect(units.map((unit) => unit.source)).toStrictEqual(['ok', 'ok again'])
    expect(report).toStrictEqual({
      imported: 2,
      skipped: 8,
      skippedByCode: { 'no-variant-for-pair': 1, 'empty-segment': 3, 'invalid-inline-codes': 4, 'segment-too-long': 0 },
      issues: [
        { code: 'no-variant-for-pair', unitIndex: 1, detail: 'lv' },
        { code: 'empty-segment', unitIndex: 2, detail: 'source' },
        { code: 'empty-segment', unitIndex: 3, detail: 'source' },
        { code: 'empty-segment', unitIndex: 4, detail: 'target' },
        { code: 'invalid-inline-codes', unitIndex: 5, detail: 'source: closing-without-opening </g1>' },
        { code: 'invalid-inline-codes', unitIndex: 6, detail: 'source: unclosed-opening <g1>' },
        { code: 'invalid-inline-codes', unitIndex: 7, detail: 'source: malformed-tag <g-1>' },
        { code: 'invalid-inline-codes', unitIndex: 8, detail: '<g> in <seg>' },
      ],
      header: { srclang: 'en', creationtool: 't' },
    })
  })
})

describe('input that cannot be read stops with an error value', () => {
  it.each<[string, string | Uint8Array, string, number]>([
    ['an element left open by a closing tag', tmx(unitXml('a', 'b')).replace('</tuv></tu>', '</tu>'), 'malformed-xml', 0],
    ['a closing tag that closes nothing', tmx(unitXml('a', 'b') + '</seg>' + unitXml('c', 'd')), 'malformed-xml', 1],
    ['the file ends inside an element', tmx(unitXml('a', 'b')).replace('</body></tmx>', ''), 'malformed-xml', 1],
    ['another root element', '<?xml version="1.0"?><html><body/></html>', 'not-tmx', 0],
    ['an empty file', '', 'not-tmx', 0],
    ['a second root', tmx(unitXml('a', 'b')) + '<tmx/>', 'malformed-xml', 1],
    ['bytes that are not UTF-8', new Uint8Array([...new TextEncoder().encode(tmx(unitXml('a', 'b'.repeat(600)))), 0xff, 0xfe]), 'invalid-encoding', 1],
    ['an encoding we do not know', '<?xml version="1.0" encoding="x-klingon"?><tmx/>', 'unsupported-encoding', 0],
  ])('%s', async (_case, input, code, unitsBefore) => {
    const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input
    const { units, report } = await collect(readTmx(chunked(bytes, 16), enLv))
    expect(report.error?.code).toBe(code)
    expect(report.error?.detail ?? code).toEqual(expect.any(String))
    expect(units).toHaveLength(unitsBefore)
  })

  it('names where the problem is', async () => {
    const { report } = await read(tmx(unitXml('a', 'b') + unitXml('<hi>c', 'd')))
    expect(report.error).toStrictEqual({
      code: 'malformed-xml',
      unitIndex: 1,
      detail: expect.stringMatching(/^<hi> is not closed before character \d+$/),
    })
  })

  it('gives no unit index when the error is outside any unit', async () => {
    const { report } = await read('<?xml version="1.0"?><xliff version="1.2"/>')
    expect(report.error).toStrictEqual({ code: 'not-tmx', detail: 'the root element is <xliff>' })
  })

  it('never resolves entities declared in a DTD, external or internal', async () => {
    const xml =
      '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY secret SYSTEM "file:///etc/passwd"><!ENTITY name "Tulks">]>' +
      tmx(unitXml('&secret; &name;', 'b')).replace('<?xml version="1.0" encoding="UTF-8"?>', '')
    const { units } = await read(xml)
    expect(units[0]?.source).toBe('&secret; &name;')
  })
})

describe('streaming', () => {
  it('reads a ~50 MB memory in small chunks with bounded heap growth', async () => {
    const unitCount = 160_000
    const encoder = new TextEncoder()
    let generatedBytes = 0
    async function* largeTmx(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(tmx('').replace('</body></tmx>', ''))
      for (let first = 0; first < unitCount; first += 200) {
        let xml = ''
        for (let index = first; index < first + 200; index++) {
          xml += unitXml(
            `Unit ${index}: the <bpt i="1">&lt;b></bpt>quick<ept i="1">&lt;/b></ept> brown fox jumps over the lazy dog ${index % 97}.`,
            `Vienība ${index}: ātrā <bpt i="1">&lt;b></bpt>brūnā<ept i="1">&lt;/b></ept> lapsa pārlec slinkajam sunim ${index % 89}.`,
            ` creationdate="20240102T030405Z"`,
          )
        }
        const bytes = encoder.encode(xml)
        generatedBytes += bytes.length
        yield* chunked(bytes, 16 * 1024)
      }
      yield encoder.encode('</body></tmx>')
    }

    // A full collection before each measure, so that what is counted is what the reader keeps.
    v8.setFlagsFromString('--expose-gc')
    const collectGarbage = runInNewContext('gc') as () => void
    collectGarbage()
    const heapBefore = process.memoryUsage().heapUsed
    let heapPeak = heapBefore
    let count = 0
    let last = ''
    const reading = readTmx(largeTmx(), enLv)
    for await (const unit of reading.units) {
      count++
      last = unit.source
      if (count % 20_000 === 0) {
        collectGarbage()
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
      }
    }
    expect(reading.importReport.error).toBeUndefined()
    expect(count).toBe(unitCount)
    expect(last).toBe(`Unit ${unitCount - 1}: the <g1>quick</g1> brown fox jumps over the lazy dog ${(unitCount - 1) % 97}.`)
    expect(generatedBytes).toBeGreaterThan(45_000_000)
    // Holding the file, or the units read, would be 50 MB and more.
    expect(heapPeak - heapBefore).toBeLessThan(generatedBytes / 20)
  }, 120_000)

  it('skips a unit whose <seg> is longer than the longest segment, keeping none of it, and reads on (issue 50)', async () => {
    const encoder = new TextEncoder()
    const hugeCharacters = 64 * 1024 * 1024
    async function* hugeSeg(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(tmx('').replace('</body></tmx>', '') + '<tu><tuv xml:lang="en"><seg>')
      const piece = encoder.encode('long text '.repeat(6_554))
      for (let sent = 0, pieces = 0; sent < hugeCharacters; sent += piece.length, pieces++) {
        // Measured while the <seg> is being read: what the reader holds of it.
        if (pieces % 200 === 0) {
          collectGarbage()
          heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
        }
        yield piece
      }
      yield encoder.encode('</seg></tuv><tuv xml:lang="lv"><seg>Garš.</seg></tuv></tu>')
      yield encoder.encode(unitXml('After it.', 'Pēc tā.'))
      yield encoder.encode('</body></tmx>')
    }
    v8.setFlagsFromString('--expose-gc')
    const collectGarbage = runInNewContext('gc') as () => void
    collectGarbage()
    const heapBefore = process.memoryUsage().heapUsed
    let heapPeak = heapBefore
    const units: string[] = []
    const reading = readTmx(hugeSeg(), enLv)
    for await (const batch of reading.batches) {
      units.push(...batch.map((unit) => unit.source))
      collectGarbage()
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
    }
    expect(units).toEqual(['After it.'])
    expect(reading.importReport.skippedByCode['segment-too-long']).toBe(1)
    expect(reading.importReport.issues).toEqual([{ code: 'segment-too-long', unitIndex: 0, detail: 'source: over 20000 characters' }])
    expect(reading.importReport.error).toBeUndefined()
    expect(heapPeak - heapBefore).toBeLessThan(16 * 1024 * 1024)
  }, 120_000)
})

import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { normalize, serialize, type Token } from '../tags'
import { validTaggedText } from '../tags/tag-arbitraries'
import { readTmx, type TmUnit } from './tmx'
import { collect } from './tmx-test-streams'
import { formatTmxDate, segXml, writeTmx, XML_FORBIDDEN_CHARACTERS } from './tmx-write'

const header = { sourceLang: 'en-US', creationToolVersion: '0.1.0', creationDate: new Date('2026-01-02T03:04:05Z') }

async function written(units: Iterable<TmUnit> | AsyncIterable<TmUnit>): Promise<string> {
  let xml = ''
  for await (const chunk of writeTmx(units, header)) xml += chunk
  return xml
}

async function* asBytes(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text)
}

describe('writeTmx', () => {
  it('writes a TMX 1.4 document with the header TMX requires', async () => {
    const xml = await written([
      { source: 'Hello <g1>world</g1>', target: 'Sveika, <g1>pasaule</g1>', sourceLang: 'en-US', targetLang: 'lv-LV', creator: 'anna', created: new Date('2024-01-02T03:04:05.678Z') },
    ])
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">\n' +
        '  <header creationtool="Tulks" creationtoolversion="0.1.0" segtype="sentence" o-tmf="Tulks" adminlang="en" srclang="en-US" datatype="plaintext" creationdate="20260102T030405Z"/>\n' +
        '  <body>\n' +
        '    <tu creationid="anna" creationdate="20240102T030405Z">\n' +
        '      <tuv xml:lang="en-US"><seg>Hello <bpt i="1"/>world<ept i="1"/></seg></tuv>\n' +
        '      <tuv xml:lang="lv-LV"><seg>Sveika, <bpt i="1"/>pasaule<ept i="1"/></seg></tuv>\n' +
        '    </tu>\n' +
        '  </body>\n</tmx>\n',
    )
  })

  it.each([
    ['<g1>a</g1>', '<bpt i="1"/>a<ept i="1"/>'],
    ['a<x2/>b', 'a<ph x="2" type="x-tulks-self"/>b'],
    ['<ph3/>', '<ph x="3"/>'],
    ['a &lt;g1> & b > c "q"', 'a &lt;g1&gt; &amp; b &gt; c &quot;q&quot;'],
    ['line\r\nbreak\ttab', 'line&#13;\nbreak\ttab'],
    ['no \u0001 control \uFFFF characters', 'no  control  characters'],
  ])('segXml(%j) = %j', (canonical, xml) => {
    expect(segXml(canonical)).toBe(xml)
  })

  it('formats dates as YYYYMMDDThhmmssZ in UTC', () => {
    expect(formatTmxDate(new Date('2024-12-31T23:59:59.999+02:00'))).toBe('20241231T215959Z')
  })

  it('takes an async iterable and writes an empty memory too', async () => {
    const xml = await written((async function* () {})())
    const { units, report } = await collect(readTmx(asBytes(xml), { sourceLang: 'en', targetLang: 'lv' }))
    expect(units).toStrictEqual([])
    expect(report.error).toBeUndefined()
  })
})

/**
 * Tagged text as TMX can hold it: every pair is g and every self-closing tag x (see tmx-inline.ts), only
 * characters XML can carry, and not blank (a blank segment is skipped on import).
 */
const tmxSegment = validTaggedText
  .map((tokens) =>
    normalize(
      tokens.map((token): Token => {
        if (token.kind === 'text') return { kind: 'text', text: token.text.replace(XML_FORBIDDEN_CHARACTERS, '') }
        if (token.kind === 'placeholder') return token
        return { kind: token.kind, name: token.kind === 'self' ? 'x' : 'g', id: token.id }
      }),
    ),
  )
  .filter((tokens) => tokens.some((token) => token.kind === 'text' && token.text.trim() !== ''))
  .map(serialize)

const secondDate = fc.integer({ min: 0, max: 253_402_300_799 }).map((seconds) => new Date(seconds * 1000))

const unitFor = (sourceLang: string, targetLang: string) =>
  fc.record(
    {
      source: tmxSegment,
      target: tmxSegment,
      sourceLang: fc.constant(sourceLang),
      targetLang: fc.constant(targetLang),
      creator: fc.string({ minLength: 1, maxLength: 8 }).map((name) => name.replace(XML_FORBIDDEN_CHARACTERS, '') || 'x'),
      created: secondDate,
      changed: secondDate,
    },
    { requiredKeys: ['source', 'target', 'sourceLang', 'targetLang'], noNullPrototype: true },
  )

describe('round trip', () => {
  it('readTmx(writeTmx(units)) gives the same units', async () => {
    const languages = fc.constantFrom(['en-US', 'lv-LV'], ['lv-LV', 'ru-RU'], ['ru', 'en-GB'])
    const units = languages.chain(([sourceLang, targetLang]) => fc.array(unitFor(sourceLang!, targetLang!), { maxLength: 5 }))
    await fc.assert(
      fc.asyncProperty(units, async (original) => {
        const xml = await written(original)
        const pair = { sourceLang: original[0]?.sourceLang ?? 'en', targetLang: original[0]?.targetLang ?? 'lv' }
        const { units: read, report } = await collect(readTmx(asBytes(xml), pair))
        expect(report.error).toBeUndefined()
        expect(report.issues).toStrictEqual([])
        expect(read).toStrictEqual(original)
      }),
      { numRuns: 300 },
    )
  })
})

/** Debian's translate-toolkit has no tmx2po command; its TMX reader (the one tmx2po uses) is called directly. */
const TOOLKIT_PYTHON = '/usr/bin/python3'
const toolkit = (() => {
  try {
    execFileSync(TOOLKIT_PYTHON, ['-c', 'import translate.storage.tmx'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
})()

const READ_WITH_TOOLKIT = `
import sys, json
from translate.storage import tmx
store = tmx.tmxfile.parsefile(sys.argv[1])
print(json.dumps([[unit.source, unit.target] for unit in store.units], ensure_ascii=False))
`

describe('interoperability', () => {
  it.skipIf(!toolkit)("translate-toolkit's TMX reader reads our export [skipped: translate-toolkit is not installed]", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-tmx-'))
    const xml = await written([
      { source: 'Hello, world', target: 'Sveika, pasaule', sourceLang: 'en-US', targetLang: 'lv-LV' },
      { source: 'Fish & <g1>chips</g1>', target: 'Zivs un <g1>kartupeļi</g1>', sourceLang: 'en-US', targetLang: 'lv-LV' },
    ])
    let read: string[][]
    try {
      fs.writeFileSync(path.join(dir, 'export.tmx'), xml)
      read = JSON.parse(execFileSync(TOOLKIT_PYTHON, ['-c', READ_WITH_TOOLKIT, path.join(dir, 'export.tmx')], { encoding: 'utf8' })) as string[][]
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
    expect(read[0]).toEqual(['Hello, world', 'Sveika, pasaule'])
    expect(read[1]?.[0]).toContain('Fish & ')
    expect(read[1]?.[1]).toContain('kartupeļi')
  })
})

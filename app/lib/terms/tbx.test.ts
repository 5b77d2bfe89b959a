import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { GlossaryConcept } from './glossary-types'
import { readTbx } from './tbx'

const fixture = (name: string) => fs.readFileSync(new URL(`../../../test/fixtures/glossaries/${name}`, import.meta.url))

async function read(bytes: Uint8Array | string, sourceLang = 'en', targetLang = 'lv') {
  const input = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes
  const reading = readTbx(
    (async function* () {
      // Two chunks, split inside an element, as a stored file arrives.
      yield input.subarray(0, Math.floor(input.length / 2))
      yield input.subarray(Math.floor(input.length / 2))
    })(),
    { sourceLang, targetLang },
  )
  const concepts: GlossaryConcept[] = []
  for await (const concept of reading.concepts) concepts.push(concept)
  return { concepts, report: reading.report }
}

describe('readTbx', () => {
  it('reads TBX-Basic 2008: several target terms with status, part of speech, context, note, definition and subject', async () => {
    const { concepts, report } = await read(fixture('basic-2008.tbx'))
    expect(report).toEqual({ read: 2, skipped: 1, languages: ['en', 'lv', 'ru'] })
    expect(concepts[0]).toEqual({
      subject: 'Computing',
      definition: 'A machine that processes data.',
      source: [{ text: 'computer', status: 'preferred', partOfSpeech: 'noun' }],
      target: [
        { text: 'dators', status: 'preferred', context: 'Dators ir ieslēgts.' },
        { text: 'skaitļotājs', status: 'deprecated', note: 'Old use.' },
      ],
    })
    expect(concepts[1]).toEqual({
      source: [{ text: 'translation memory', status: 'admitted' }],
      target: [{ text: 'tulkošanas atmiņa', status: 'admitted' }],
    })
    expect((await read(fixture('basic-2008.tbx'), 'en', 'ru')).concepts.map((concept) => concept.target[0]?.text)).toEqual(['память переводов'])
  })

  it('reads TBX 2019 (conceptEntry, langSec, termSec) with region subtags', async () => {
    const { concepts } = await read(fixture('basic-2019.tbx'))
    expect(concepts).toEqual([
      {
        source: [{ text: 'file', status: 'admitted', partOfSpeech: 'noun' }],
        target: [
          { text: 'datne', status: 'preferred' },
          { text: 'fails', status: 'admitted' },
        ],
      },
    ])
  })

  it('reads a EuroTermBank-style martif: ntig/termGrp, admin status, temporalQualifier as obsolete', async () => {
    const { concepts } = await read(fixture('eurotermbank.tbx'))
    expect(concepts).toEqual([
      {
        subject: 'Informātika',
        source: [{ text: 'keyboard', status: 'admitted' }],
        target: [
          { text: 'tastatūra', status: 'admitted', partOfSpeech: 'noun' },
          { text: 'klaviatūra', status: 'obsolete' },
        ],
      },
    ])
  })

  it('never resolves an external entity or DTD, and refuses what is not TBX or not well formed', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE martif [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
      <martif><text><body><termEntry><langSet xml:lang="en"><tig><term>&xxe;</term></tig></langSet>
      <langSet xml:lang="lv"><tig><term>x</term></tig></langSet></termEntry></body></text></martif>`
    const { concepts } = await read(xxe)
    expect(JSON.stringify(concepts)).not.toContain('root:')
    expect((await read('<tmx><body/></tmx>')).report.error?.code).toBe('not-tbx')
    expect((await read('<martif><text><body><termEntry></body></text></martif>')).report.error?.code).toBe('malformed-xml')
    expect((await read('<martif><text>')).report.error?.code).toBe('malformed-xml')
    expect((await read(new Uint8Array([0x3c, 0x6d, 0xff, 0xfe, 0x00]))).report.error?.code).toBe('invalid-encoding')
  })
})

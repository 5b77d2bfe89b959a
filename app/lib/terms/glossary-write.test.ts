import { describe, expect, it } from 'vitest'
import { conceptsFromRows, guessMapping, parseDelimited } from './delimited'
import type { GlossaryConcept } from './glossary-types'
import { csvConcept, csvHeader, TBX_END, tbxConcept, tbxStart } from './glossary-write'
import { readTbx } from './tbx'

const concepts: GlossaryConcept[] = [
  {
    subject: 'IT & "data"',
    definition: 'A machine <that> processes data.',
    note: 'From the style guide.',
    source: [{ text: 'computer', status: 'preferred', partOfSpeech: 'noun' }],
    target: [
      { text: 'dators', status: 'preferred', partOfSpeech: 'noun', context: 'Dators, kas "strādā".' },
      { text: 'skaitļotājs', status: 'obsolete', partOfSpeech: 'noun' },
    ],
  },
  { source: [{ text: 'file, folder', status: 'admitted' }], target: [{ text: 'datne; mape', status: 'deprecated' }] },
]

describe('writing a glossary', () => {
  it('writes TBX that reads back the same concepts', async () => {
    const text = tbxStart('IT <terms>', 'en') + concepts.map((concept, index) => tbxConcept(index + 1, concept, 'en', 'lv')).join('') + TBX_END
    const reading = readTbx(
      (async function* () {
        yield new TextEncoder().encode(text)
      })(),
      { sourceLang: 'en', targetLang: 'lv' },
    )
    const read: GlossaryConcept[] = []
    for await (const concept of reading.concepts) read.push(concept)
    expect(reading.report.error).toBeUndefined()
    expect(read).toEqual(concepts)
  })

  it('writes CSV whose columns are guessed back and whose rows regroup into the same concepts', () => {
    const text = csvHeader('en', 'lv') + concepts.map((concept, index) => csvConcept(index + 1, concept)).join('')
    const rows = parseDelimited(text, ',')!
    const roles = guessMapping(rows[0]!, 'en', 'lv')
    expect(roles).toEqual(['concept', 'source', 'target', 'sourceStatus', 'targetStatus', 'partOfSpeech', 'definition', 'context', 'note', 'subject'])
    const { concepts: read } = conceptsFromRows(rows.slice(1), roles)
    expect(read).toEqual(
      concepts.map((concept) => ({
        ...concept,
        // CSV keeps part of speech on the target terms only.
        source: concept.source.map(({ partOfSpeech: _pos, ...term }) => term),
      })),
    )
  })
})

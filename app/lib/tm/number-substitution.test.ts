import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parse, serialize, tagsOf } from '~/lib/tags'
import { validTaggedText } from '~/lib/tags/tag-arbitraries'
import { substituteNumbers } from './number-substitution'

describe('substituteNumbers (issue 5: numbers that differ)', () => {
  it.each([
    ['one number', 'Save 11 pages.', 'Saglabājiet 11 lapas.', 'Save 12 pages.', 'Saglabājiet 12 lapas.'],
    ['two numbers, in another order in the target', 'From 3 to 7 days.', 'No 7 līdz 3 dienām (otrādi).', 'From 4 to 9 days.', 'No 9 līdz 4 dienām (otrādi).'],
    ['a decimal and a no-break thousands separator', 'Pay 1\u00A0000.50 now.', 'Maksājiet 1\u00A0000.50 tagad.', 'Pay 2\u00A0500.75 now.', 'Maksājiet 2\u00A0500.75 tagad.'],
    ['numbers inside tagged text, tags kept', 'Press <g1>F5</g1> twice.', 'Nospiediet <g1>F5</g1> divreiz.', 'Press <g1>F6</g1> twice.', 'Nospiediet <g1>F6</g1> divreiz.'],
    ['written otherwise in the target: left alone', 'Costs 1,000 euros.', 'Maksā 1000 eiro.', 'Costs 2,000 euros.', 'Maksā 1000 eiro.'],
    ['the same number kept elsewhere in the source: left alone', 'Page 5 of 5.', 'Lapa 5 no 5.', 'Page 4 of 5.', 'Lapa 5 no 5.'],
    ['a number twice in the target but once in the source: left alone', 'Room 8.', 'Istaba 8 (8. stāvs).', 'Room 9.', 'Istaba 8 (8. stāvs).'],
    ['no number differs: unchanged', 'Open the file.', 'Atveriet failu.', 'Open the file now.', 'Atveriet failu.'],
    ['a number inside a longer one is not touched', 'Model 3 in 2023.', 'Modelis 3 2023. gadā.', 'Model 4 in 2023.', 'Modelis 4 2023. gadā.'],
  ])('%s', (_name, matchSource, matchTarget, currentSource, expected) => {
    expect(substituteNumbers(matchSource, matchTarget, currentSource)).toBe(expected)
  })

  it('changes only text: the tags of the target stay as they were', () => {
    fc.assert(
      fc.property(validTaggedText, validTaggedText, validTaggedText, (matchSource, matchTarget, currentSource) => {
        const result = substituteNumbers(serialize(matchSource), serialize(matchTarget), serialize(currentSource))
        expect(tagsOf(parse(result))).toEqual(tagsOf(matchTarget))
      }),
    )
  })
})

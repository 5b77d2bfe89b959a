import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkTarget } from '~/lib/projects/segment-rules'
import { parse, serialize } from '~/lib/tags'
import { validTaggedText } from '~/lib/tags/tag-arbitraries'
import { mapMatchTags } from './tag-mapping'

describe('mapMatchTags (issue 5: tags in the match mapped onto the current segment)', () => {
  it.each([
    ['same tags stay', 'Click <g1>here</g1>.', 'Klikšķiniet <g1>šeit</g1>.', 'Click <g1>there</g1>.', 'Klikšķiniet <g1>šeit</g1>.'],
    ['renumbered pair', 'Click <g3>here</g3>.', 'Klikšķiniet <g3>šeit</g3>.', 'Click <g1>there</g1>.', 'Klikšķiniet <g1>šeit</g1>.'],
    ['pairs by order, not by name', '<b1>A</b1> and <i2>B</i2>', '<i2>B</i2> un <b1>A</b1>', '<g5>A</g5> and <g6>C</g6>', '<g6>B</g6> un <g5>A</g5>'],
    ['self-closing and placeholders rank separately', 'a<x1/>b<ph2/>c', 'A<ph2/>B<x1/>C', 'a<ph9/>b<x4/>c', 'A<ph9/>B<x4/>C'],
    ['a tag the current segment lacks is dropped with its partner', 'a <g1>b</g1> <g2>c</g2>', 'A <g1>B</g1> <g2>C</g2>', 'a <g7>b</g7> c', 'A <g7>B</g7> C'],
    ['no tags in the current segment: text only', 'Press <x1/> then <g2>OK</g2>.', 'Nospiediet <x1/> un <g2>Labi</g2>.', 'Press then OK.', 'Nospiediet un Labi.'],
    ['a target tag the match source lacks is dropped', 'Hello.', 'Sveiki<x5/>.', 'Hello<x1/>.', 'Sveiki.'],
    ['text escapes survive', 'a &lt; b <x1/>', 'a &lt; b <x1/>', 'a &lt; c <x2/>', 'a < b <x2/>'],
  ])('%s', (_name, matchSource, matchTarget, currentSource, expected) => {
    expect(mapMatchTags(matchSource, matchTarget, currentSource)).toBe(expected)
  })

  describe('edge cases', () => {
    it('keeps only the text of a match target whose tags are broken (imported TMX)', () => {
      expect(mapMatchTags('<g1>a</g1>', '<g1>A</g1><g1>B</g1>', '<g2>a</g2>')).toBe('AB')
    })

    it('maps nothing onto an empty current segment', () => {
      expect(mapMatchTags('<x1/>', '<x1/>', '')).toBe('')
    })
  })

  it('always gives a target the current source accepts (SPEC §5)', () => {
    fc.assert(
      fc.property(validTaggedText, validTaggedText, validTaggedText, (matchSource, matchTarget, currentSource) => {
        const mapped = mapMatchTags(serialize(matchSource), serialize(matchTarget), serialize(currentSource))
        expect(checkTarget(mapped, parse(serialize(currentSource))).ok).toBe(true)
      }),
    )
  })
})

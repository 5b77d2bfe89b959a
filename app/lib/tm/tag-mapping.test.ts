import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkTarget } from '~/lib/projects/segment-rules'
import { parse, serialize, unusedTags } from '~/lib/tags'
import { validTaggedText } from '~/lib/tags/tag-arbitraries'
import { mapMatchTags, placeMissingTags } from './tag-mapping'

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

describe('placeMissingTags (issue 58 point 5: a suggestion never drops a tag of the segment)', () => {
  it.each([
    ['a pair around a word', 'Atveriet failu tagad.', 'Open the <g1>file</g1> now.', 'Atveriet <g1>failu</g1> tagad.'],
    ['a tag at the start stays at the start', 'Labi.', '<x1/>OK.', '<x1/>Labi.'],
    ['a tag at the end stays at the end', 'Labi.', 'OK.<x1/>', 'Labi.<x1/>'],
    ['a pair around the whole text', 'Sveiki, pasaule!', '<g2>Hello, world!</g2>', '<g2>Sveiki, pasaule!</g2>'],
    ['a placeholder in the middle, before a word', 'Jums ir jauni ziņojumi.', 'You have <ph1/> new messages.', 'Jums ir <ph1/>jauni ziņojumi.'],
    ['the tags the target has are kept as they are', '<g1>Atveriet</g1> failu.', '<g1>Open</g1> the file<x2/>.', '<g1>Atveriet</g1> failu<x2/>.'],
    ['nothing missing: unchanged', 'A <x1/> B', 'a <x1/> b', 'A <x1/> B'],
    ['an empty target takes the tags in source order', '', 'a <g1>b</g1> c', '<g1></g1>'],
  ])('%s', (_name, target, currentSource, expected) => {
    expect(placeMissingTags(target, currentSource).target).toBe(expected)
  })

  it('counts the tags it placed (a pair as one)', () => {
    expect(placeMissingTags('Atveriet failu.', '<x1/>Open the <g2>file</g2>.').placed).toBe(2)
  })

  it('always gives a target with every tag of the source, valid by SPEC §5', () => {
    fc.assert(
      fc.property(validTaggedText, validTaggedText, (target, currentSource) => {
        const mapped = mapMatchTags(serialize(target), serialize(target), serialize(currentSource))
        const { target: placed } = placeMissingTags(mapped, serialize(currentSource))
        expect(checkTarget(placed, parse(serialize(currentSource))).ok).toBe(true)
        expect(unusedTags(parse(serialize(currentSource)), parse(placed))).toEqual([])
      }),
    )
  })
})

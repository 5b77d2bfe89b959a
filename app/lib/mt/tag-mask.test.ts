import { describe, expect, it } from 'vitest'
import { parse, serialize } from '../tags'
import { checkTarget } from '../projects/segment-rules'
import { maskLike, maskTags, unmaskTags } from './tag-mask'

/** The engine as a function of the masked string; the result is written back in canonical form. */
function throughEngine(source: string, engine: (masked: string) => string) {
  const mask = maskTags(parse(source))
  return serialize(unmaskTags(engine(mask.masked), mask))
}

describe('maskTags', () => {
  it.each([
    ['plain text', 'Hello world', 'Hello world'],
    ['a pair shares a number, singles get their own', 'Click <g1>here</g1> or <x2/> and <ph3/>', 'Click <t1>here</t1> or <t2/> and <t3/>'],
    ['nested pairs', '<g1>a <g2>b</g2></g1>', '<t1>a <t2>b</t2></t1>'],
    ['text is HTML-escaped so only placeholders read as tags', 'a &lt;b&gt; c & d > e', 'a &lt;b&gt; c &amp; d &gt; e'],
    ['outer whitespace is cut off', '  Hello <x1/>  ', 'Hello <t1/>'],
  ])('%s', (_, source, masked) => {
    expect(maskTags(parse(source)).masked).toBe(masked)
  })
})

describe('unmaskTags', () => {
  it('puts the source tags back where the engine left them, refs included', () => {
    const source = parse('Click <g1>here</g1> now<x2/>')
    source[1] = { kind: 'open', name: 'g', id: 1, ref: 'run-7' }
    const mask = maskTags(source)
    const tokens = unmaskTags('<t1>Clic aquí</t1><t2/> ahora', mask)
    expect(serialize(tokens)).toBe('<g1>Clic aquí</g1><x2/> ahora')
    expect(tokens[0]).toEqual({ kind: 'open', name: 'g', id: 1, ref: 'run-7' })
  })

  it('gives the outer whitespace back and unescapes entities', () => {
    expect(throughEngine('  a < b &amp; c  ', (masked) => ` ${masked.toUpperCase().replace('&LT;', '&lt;').replace('&AMP;', '&amp;')} `)).toBe(
      '  A < B & C  ',
    )
    expect(throughEngine('x', () => 'caf&#233; &#x263A; &quot;q&quot; &nbsp;')).toBe('café ☺ "q" \u00a0')
  })

  it('reads placeholders the engine respaced', () => {
    expect(throughEngine('<g1>a</g1><x2/>', () => '< t1 >b</t1 ><t2 />')).toBe('<g1>b</g1><x2/>')
  })

  describe('repairs what the engine broke, always passing checkTarget', () => {
    it.each([
      ['a dropped single goes to the end', 'Save <x1/> now', () => 'Guardar ahora', 'Guardar ahora<x1/>'],
      ['a dropped leading single goes to the start', '<x1/>Save now', () => 'Guardar ahora', '<x1/>Guardar ahora'],
      ['a dropped pair that led the source wraps the text', '<g1>Save</g1> now', () => 'Guardar ahora', '<g1>Guardar ahora</g1>'],
      ['a dropped inner pair is appended empty', 'Save <g1>now</g1> please', () => 'Guardar ahora', 'Guardar ahora<g1></g1>'],
      ['a half-dropped pair is taken out and re-inserted whole', 'Save <g1>now</g1> please', () => 'Guardar <t1>ahora', 'Guardar ahora<g1></g1>'],
      ['a reversed pair', 'a <g1>b</g1> c', () => 'x </t1>y<t1> z', 'x y z<g1></g1>'],
      ['crossed pairs lose the outer one', 'a <g1>b <g2>c</g2></g1>', () => '<t1>x <t2>y</t1> z</t2>', 'x <g2>y z</g2><g1></g1>'],
      ['a repeated placeholder keeps its first place', 'a <x1/> b', () => '<t1/>x <t1/> y', '<x1/>x  y'],
      ['an invented placeholder or wrong kind is dropped', 'a <x1/> b', () => 'x <t9/> <t1>y</t1>', 'x  y<x1/>'],
      ['an empty answer keeps the tags', '<g1>a</g1> <x2/>', () => '', '<g1></g1><x2/>'],
    ])('%s', (_, source, engine, expected) => {
      const target = throughEngine(source, engine)
      expect(target).toBe(expected)
      expect(checkTarget(target, parse(source)).ok).toBe(true)
    })

    it('any shuffle of placeholders gives back every source tag exactly once, valid', () => {
      const source = '<g1>One <b2>two</b2></g1> three <x3/> <g4>four <ph5/></g4>'
      const mask = maskTags(parse(source))
      const pieces = mask.masked.split(/(?=<)|(?<=>)/)
      let seed = 7
      const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647)
      for (let round = 0; round < 300; round++) {
        const shuffled = [...pieces].sort(() => random() - 0.5).filter(() => random() > 0.15)
        const tokens = unmaskTags(shuffled.join(''), mask)
        const target = serialize(tokens)
        expect(checkTarget(target, parse(source)).ok, target).toBe(true)
        expect(tokens.filter((token) => token.kind !== 'text')).toHaveLength(8)
      }
    })
  })
})

describe('maskLike', () => {
  it("numbers the target's tags as the source's were, leaving out tags the source lacks", () => {
    const mask = maskTags(parse('Click <g1>here</g1> <x2/>'))
    expect(maskLike(parse('<x2/> Clic <g1>aquí</g1> <x9/> & más '), mask)).toBe('<t2/> Clic <t1>aquí</t1>  &amp; más')
  })
})

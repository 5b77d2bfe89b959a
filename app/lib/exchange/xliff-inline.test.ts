import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseXml } from '../formats/xml/xml-tree'
import { parse, serialize } from '../tags'
import { validTaggedText } from '../tags/tag-arbitraries'
import { XML_FORBIDDEN_CHARACTERS } from '../tm/tmx-write'
import { inlineXml, readInlineXml, type XliffVersion } from './xliff-inline'

/** The target element's children as a tool would send them back. */
function children(content: string) {
  return parseXml(`<target>${content}</target>`).root.children
}

function readBack(content: string, source: string): string {
  const read = readInlineXml(children(content), parse(source))
  if ('code' in read) throw new Error(`unknown tag ${read.id}`)
  return serialize(read.tokens)
}

describe('tags in XLIFF inline markup', () => {
  const source = 'Press <b1>Save</b1> and <x2/> then <ph3/> or <br4/>.'

  it('writes pairs as g or pc, self-closing tags as x, placeholders as ph', () => {
    expect(inlineXml(parse(source), '1.2')).toBe('Press <g id="1">Save</g> and <x id="x2"/> then <ph id="ph3"/> or <x id="br4"/>.')
    expect(inlineXml(parse(source), '2.0')).toBe('Press <pc id="1">Save</pc> and <ph id="x2"/> then <ph id="ph3"/> or <ph id="br4"/>.')
  })

  it('writes a pair the segment only opens or closes as bx/ex or isolated sc/ec', () => {
    const split = 'end</i1> and <b2>start'
    expect(inlineXml(parse(split), '1.2')).toBe('end<ex id="1"/> and <bx id="2"/>start')
    expect(inlineXml(parse(split), '2.0')).toBe('end<ec id="1" isolated="yes"/> and <sc id="2" isolated="yes"/>start')
    for (const version of ['1.2', '2.0'] as XliffVersion[]) expect(readBack(inlineXml(parse(split), version), split)).toBe(split)
  })

  it('escapes markup characters and leaves out what XML cannot carry', () => {
    expect(inlineXml(parse('a &lt; b &amp; c\u0001\r'), '1.2')).toBe('a &lt; b &amp; c&#13;')
  })

  it('reads a translation back with the source tags, in the order the translator put them', () => {
    expect(readBack('<ph id="ph3"/> vai <x id="br4"/>: nospiediet <g id="1">Saglabāt</g> un <x id="x2"/>.', source)).toBe(
      '<ph3/> vai <br4/>: nospiediet <b1>Saglabāt</b1> un <x2/>.',
    )
    expect(readBack('<pc id="1">Saglabāt</pc> <ph id="x2"/>', source)).toBe('<b1>Saglabāt</b1> <x2/>')
  })

  it('keeps the text of markers other tools add and drops their own markup', () => {
    expect(readBack('<mrk mtype="x-match" mid="0">Nospiediet</mrk> <g id="1"><mq:ch xmlns:mq="urn:mq">Saglabāt</mq:ch></g>', source)).toBe(
      'Nospiediet <b1>Saglabāt</b1>',
    )
  })

  it('refuses an id the source segment does not have', () => {
    expect(readInlineXml(children('<x id="x9"/>teksts'), parse(source))).toEqual({ code: 'unknown-tag', id: 'x9' })
    expect(readInlineXml(children('<g id="7">teksts</g>'), parse(source))).toEqual({ code: 'unknown-tag', id: '7' })
  })

  it('reads back exactly what it wrote, for any valid tagged text, in both versions', () => {
    fc.assert(
      fc.property(validTaggedText, fc.constantFrom<XliffVersion>('1.2', '2.0'), (tokens, version) => {
        const canonical = serialize(tokens).replace(XML_FORBIDDEN_CHARACTERS, '')
        const written = inlineXml(parse(canonical), version)
        expect(readBack(written, canonical)).toBe(serialize(parse(canonical)))
      }),
      { numRuns: 300 },
    )
  })
})

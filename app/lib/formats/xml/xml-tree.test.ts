import { describe, expect, it } from 'vitest'
import { decodeXmlEntities, escapeXmlText, parseXml, wellFormednessError } from './xml-tree'

describe('wellFormednessError', () => {
  it.each([
    ['<a/>', undefined],
    ['<?xml version="1.0"?>\n<!-- c --><a x="1" y=\'2\'><b>t &amp; &#x41;</b><![CDATA[<raw>]]><?pi x?></a>\n', undefined],
    ['<!DOCTYPE a [<!ENTITY e "x">]><a>&e;</a>', 'entity declarations are not allowed'],
    ['<!DOCTYPE a SYSTEM "a.dtd"><a/>', undefined],
    ['<!DOCTYPE a [<!ATTLIST a x CDATA "1">]><a/>', undefined],
    ['<a><b></a></b>', 'unexpected </a>'],
    ['<a>', 'is not closed'],
    ['<a/><b/>', 'second root'],
    ['<a x=1/>', 'unquoted'],
    ['<a x="1" x="2"/>', 'duplicate attribute'],
    ['<a x="<"/>', '< in an attribute'],
    ['<a>&nbsp;</a>', 'unknown entity'],
    ['<a>AT&T</a>', 'unknown entity'],
    ['<a>\u0001</a>', 'control character'],
    ['text<a/>', 'outside the root'],
    ['', 'no root'],
  ])('%j', (xml, problem) => {
    const error = wellFormednessError(xml)
    if (problem === undefined) expect(error).toBeUndefined()
    else expect(error).toContain(problem)
  })
})

describe('offsets', () => {
  it('records where start tag, content, end tag and attribute values lie', () => {
    const text = '<r><t a="v&amp;w">x<i/>y</t></r>'
    const t = parseXml(text).root.children[0]!
    if (t.kind !== 'element') throw new Error('expected an element')
    expect(text.slice(t.start, t.contentStart)).toBe('<t a="v&amp;w">')
    expect(text.slice(t.contentStart, t.contentEnd)).toBe('x<i/>y')
    expect(text.slice(t.contentEnd, t.end)).toBe('</t>')
    const attr = t.attributes[0]!
    expect([attr.value, text.slice(attr.valueStart, attr.valueEnd)]).toEqual(['v&w', 'v&amp;w'])
  })
})

describe('entities', () => {
  it.each([
    ['&lt;&gt;&amp;&quot;&apos;', '<>&"\''],
    ['&#65;&#x42;&#x1F642;', 'AB🙂'],
  ])('%s', (raw, decoded) => {
    expect(decodeXmlEntities(raw)).toBe(decoded)
  })

  it('escapes text so that ]]> cannot appear', () => {
    expect(escapeXmlText('a < b & ]]>')).toBe('a &lt; b &amp; ]]&gt;')
  })
})

import { describe, expect, it } from 'vitest'
import { attributeValue, decodeXmlText, descendants, elementText, encodeXmlText, parseXml } from './xml-tree'

const TRANSITIONAL = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const STRICT = 'http://purl.oclc.org/ooxml/wordprocessingml/main'

describe('parseXml', () => {
  it('keeps the offsets of every tag', () => {
    const xml = '<?xml version="1.0"?>\n<a><b x="1"/><c>t</c></a>'
    const root = parseXml(xml)
    const [b, c] = root.children
    expect(xml.slice(root.start, root.end)).toBe('<a><b x="1"/><c>t</c></a>')
    expect(b && xml.slice(b.start, b.end)).toBe('<b x="1"/>')
    expect(c && xml.slice(c.openEnd, c.closeStart)).toBe('t')
    expect(b && xml.slice(b.attributesStart, b.attributesEnd)).toBe(' x="1"')
  })

  it.each([
    ['the usual prefix', `<w:document xmlns:w="${TRANSITIONAL}"><w:p/></w:document>`],
    ['the Strict namespace', `<w:document xmlns:w="${STRICT}"><w:p/></w:document>`],
    ['another prefix', `<ns0:document xmlns:ns0="${TRANSITIONAL}"><ns0:p/></ns0:document>`],
    ['the default namespace', `<document xmlns="${TRANSITIONAL}"><p/></document>`],
    ['a redeclaration on the way down', `<x:document xmlns:x="urn:other"><x:body xmlns:x="${STRICT}"><x:p/></x:body></x:document>`],
  ])('reads WordprocessingML by namespace: %s', (_, xml) => {
    const names = [...descendants(parseXml(xml))].map((element) => element.name)
    expect(names.at(-1)).toBe('w:p')
  })

  it('restores the outer namespaces after an element that redeclares a prefix', () => {
    const xml = `<w:a xmlns:w="${TRANSITIONAL}"><w:b xmlns:w="urn:other"/><w:c xmlns:w="urn:other"></w:c><w:p/></w:a>`
    expect([...descendants(parseXml(xml))].map((element) => element.name)).toEqual(['w:a', 'w:b', 'w:c', 'w:p'])
  })

  it.each([
    ['an unclosed element', '<a><b></a>', /closes/],
    ['an element left open', '<a><b>', /not closed/],
    ['a stray end tag', '<a></a></b>', /unexpected end tag/],
    ['a broken start tag', '<a><b x=1/></a>', /malformed start tag/],
    ['text outside the root', '<a/>tail', /outside the root/],
    ['two roots', '<a/><b/>', /second root/],
    ['a DTD', '<!DOCTYPE a><a/>', /document type/],
    ['an unterminated comment', '<a><!-- x</a>', /unterminated comment/],
    ['nothing at all', '  ', /no root/],
  ])('refuses %s', (_, xml, reason) => {
    expect(() => parseXml(xml)).toThrow(reason)
  })

  it('refuses nesting deep enough to threaten a recursive walker', () => {
    expect(() => parseXml('<a>'.repeat(2000) + '</a>'.repeat(2000))).toThrow(/nested deeper/)
  })
})

describe('text and attributes', () => {
  it.each([
    ['a &amp; b', 'a & b'],
    ['&lt;tag&gt; &quot;q&quot; &apos;s&apos;', `<tag> "q" 's'`],
    ['&#233;&#xE9;&#x1F600;', 'éé😀'],
    ['plain', 'plain'],
  ])('decodes %s', (raw, text) => {
    expect(decodeXmlText(raw)).toBe(text)
  })

  it.each([['&nbsp;'], ['& alone']])('refuses the reference in %s', (raw) => {
    expect(() => decodeXmlText(raw)).toThrow(/reference/)
  })

  it('reads &#0; as nothing (issue 56: tools in the wild write it; XML 1.0 forbids the character)', () => {
    expect(decodeXmlText('a&#0;b')).toBe('ab')
  })

  it('encodes what XML needs and drops what it cannot carry', () => {
    expect(encodeXmlText('a < b & c > d\u0001\tz')).toBe('a &lt; b &amp; c &gt; d\tz')
  })

  it('reads element text across CDATA sections and comments', () => {
    const xml = '<t>a &amp; <![CDATA[<b>]]><!-- no -->c</t>'
    expect(elementText(xml, parseXml(xml))).toBe('a & <b>c')
  })

  it('reads attributes by local name, any prefix, either quote', () => {
    const xml = `<w:fldChar xmlns:w="${TRANSITIONAL}" w:fldCharType='begin' dirty="t&amp;1"/>`
    const element = parseXml(xml)
    expect(attributeValue(xml, element, 'fldCharType')).toBe('begin')
    expect(attributeValue(xml, element, 'dirty')).toBe('t&1')
    expect(attributeValue(xml, element, 'missing')).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import type { TaggedText } from '../../tags/types'
import { htmlFilter } from './filter.server'
import { extractHtmlUnits } from './html-units'

/** Canonical string form, enough to state expectations compactly. */
function show(tokens: TaggedText): string {
  return tokens
    .map((t) => (t.kind === 'text' ? t.text : t.kind === 'open' ? `<${t.name}${t.id}>` : t.kind === 'close' ? `</${t.name}${t.id}>` : `<${t.name}${t.id}/>`))
    .join('')
}

const units = (html: string) => extractHtmlUnits(html).map((unit) => show(unit.unit.source))

describe('HTML units', () => {
  it.each([
    ['one unit per block', '<p>One</p><p>Two</p>', ['One', 'Two']],
    ['inline elements become tags, ids from 1 per unit', '<p>A <b>b</b> <i>i</i></p><p><a href="x">c</a> d</p>', ['A <b1>b</b1> <i2>i</i2>', '<a1>c</a1> d']],
    ['strong maps to b (names have at most 5 letters)', '<p>A <strong>s</strong></p>', ['A <b1>s</b1>']],
    ['br and img are self-closing', '<p>A<br>B <img src="x"> C</p>', ['A<br1/>B <img2/> C']],
    ['tags around the whole content stay outside', '<h1><b><i>Title</i></b></h1>', ['Title']],
    ['isolated codes at the edges stay outside', '<p><br>Text<br></p>', ['Text']],
    ['whitespace collapses, edges trimmed', '<p>\n  a \t b\n</p>', ['a b']],
    ['pre keeps its whitespace', '<pre>a   b\n  c</pre>', ['a   b\n  c']],
    ['entities decoded', '<p>&lt;x&gt; &amp; &copy;&nbsp;2</p>', ['<x> & ©\u00a02']],
    ['script, style and comments are not units', '<script>x</script><style>p{}</style><!-- c --><p>T</p>', ['T']],
    ['translate="no" blocks are skipped', '<p translate="no">No</p><p>Yes</p>', ['Yes']],
    ['translate="no" inline is one code', '<p>Keep <span translate="no">X <b>Y</b></span> here</p>', ['Keep <span1/> here']],
    ['block children split the text of their parent', '<div>Before<p>Inside</p>After</div>', ['Before', 'Inside', 'After']],
    ['alt and title are units of their own, after their run', '<p>See <img alt="Picture" src="p"> <a title="Tip">here</a></p>', ['See <img1/> <a2>here</a2>', 'Picture', 'Tip']],
    ['meta description is a unit', '<meta name="description" content="About us">', ['About us']],
    ['text without letters or digits is no unit', '<p>&nbsp;</p><p>--</p>', []],
    ['an inline tag left open is closed where its block ends', '<p>A <b>bold</p>', ['A <b1>bold</b1>']],
  ])('%s', (_name, html, expected) => {
    expect(units(html)).toEqual(expected)
  })

  it('keys are positions in document order', () => {
    expect(extractHtmlUnits('<p>a</p><img alt="b"><p>c</p>').map((unit) => unit.unit.key)).toEqual(['1', '2', '3'])
  })
})

describe('HTML merge', () => {
  const merge = (html: string, translations: Record<string, TaggedText>) =>
    new TextDecoder().decode(htmlFilter.merge(new TextEncoder().encode(html), new Map(Object.entries(translations))))
  const text = (value: string): TaggedText => [{ kind: 'text', text: value }]

  it.each<[string, string, Record<string, TaggedText>, string]>([
    ['escapes text', '<p>a</p>', { 1: text('x < y & z') }, '<p>x &lt; y &amp; z</p>'],
    [
      'writes the original markup of tags',
      '<p>A <b class="k">b</b></p>',
      { 1: [{ kind: 'open', name: 'b', id: 1 }, { kind: 'text', text: 'B' }, { kind: 'close', name: 'b', id: 1 }, { kind: 'text', text: ' a' }] },
      '<p><b class="k">B</b> a</p>',
    ],
    ['quotes an unquoted attribute', '<img alt=x src=y>', { 1: text('a "b"') }, '<img alt="a &quot;b&quot;" src=y>'],
    ['keeps &nbsp; when the page uses it', '<p>a&nbsp;b</p>', { 1: text('c\u00a0d') }, '<p>c&nbsp;d</p>'],
    [
      'an attribute inside a replaced run is written once',
      '<p>A <img alt="x"> b</p>',
      { 1: [{ kind: 'text', text: 'B ' }, { kind: 'self', name: 'img', id: 1 }], 2: text('y') },
      '<p>B <img alt="y"></p>',
    ],
  ])('%s', (_name, html, translations, expected) => {
    expect(merge(html, translations)).toBe(expected)
  })

  it('says the target language where the page declares its own, once translated (issue 51)', () => {
    const page = '<!doctype html><html lang="en" xml:lang=en class="x"><head><title>T</title></head><body><p lang="en">a</p></body></html>'
    const merged = (translations: Record<string, TaggedText>) =>
      new TextDecoder().decode(htmlFilter.merge(new TextEncoder().encode(page), new Map(Object.entries(translations)), { targetLang: 'lv' }))
    expect(merged({ 2: text('b') })).toBe('<!doctype html><html lang="lv" xml:lang=lv class="x"><head><title>T</title></head><body><p lang="en">b</p></body></html>')
    expect(merged({})).toBe(page)
  })
})

describe('a large page', () => {
  // Speed is measured by bench/import; this only checks that a big page extracts completely.
  it('extracts every paragraph and title of a 10,000-paragraph page', () => {
    const body = Array.from({ length: 10_000 }, (_, i) => `<p>Paragraph ${i} with <b>bold</b> text, a <a href="#${i}" title="Link ${i}">link</a> &amp; more.</p>`)
    const bytes = new TextEncoder().encode(`<!DOCTYPE html><html><body>\n${body.join('\n')}\n</body></html>`)
    expect(htmlFilter.extract(bytes)).toHaveLength(20_000)
  })
})

/**
 * XML canonicalisation for comparing packages in tests: "the same document" regardless of attribute order,
 * namespace declaration order, quote style, entity spelling, empty-element form, comments and the XML
 * declaration. Deliberately independent of the filter's own scanner, so a scanner bug cannot hide itself.
 */
const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<\/([^\s>]+)\s*>|<([^\s/>]+)((?:\s+[^\s=]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/g
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

export function canonicalXml(xml: string): string {
  let out = ''
  for (const match of xml.replace(/^\uFEFF/, '').matchAll(TOKEN)) {
    const [whole, cdata, endName, startName, attributes = '', selfClosing, text] = match
    if (cdata !== undefined) out += escape(cdata)
    else if (endName !== undefined) out += `</${endName}>`
    else if (startName !== undefined) {
      out += `<${startName}${canonicalAttributes(attributes)}>`
      if (selfClosing) out += `</${startName}>`
    } else if (text !== undefined) out += escape(decode(text))
    else if (!whole.startsWith('<!--') && !whole.startsWith('<?')) throw new Error(`unexpected markup ${whole}`)
  }
  return out
}

function canonicalAttributes(attributes: string): string {
  const pairs = [...attributes.matchAll(ATTRIBUTE)].map(([, name = '', double, single]) => [name, decode(double ?? single ?? '')] as const)
  const rank = (name: string) => (name === 'xmlns' || name.startsWith('xmlns:') ? 0 : 1)
  pairs.sort(([a], [b]) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0))
  return pairs.map(([name, value]) => ` ${name}="${escape(value).replace(/"/g, '&quot;')}"`).join('')
}

function decode(raw: string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name] as string
  })
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

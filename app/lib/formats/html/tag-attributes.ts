/**
 * The attributes of one raw HTML start tag with where their values lie, which htmlparser2 does not report:
 * a merge replaces an alt or title value in place and copies the rest of the tag byte for byte.
 * Lenient like HTML: unquoted values, attributes without a value, any case (names are lower-cased).
 */
export interface RawAttribute {
  name: string
  /** Raw value range relative to the start of the tag (empty range for an attribute without a value). */
  valueStart: number
  valueEnd: number
  quote: '"' | "'" | ''
}

const isSpace = (char: string | undefined) => char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f'
const endsName = (char: string | undefined) => isSpace(char) || char === '/' || char === '>' || char === '='

export function rawAttributes(tag: string): RawAttribute[] {
  const attributes: RawAttribute[] = []
  let i = 1
  while (i < tag.length && !endsName(tag[i])) i++ // the element name
  for (;;) {
    while (i < tag.length && (isSpace(tag[i]) || tag[i] === '/')) i++
    if (i >= tag.length || tag[i] === '>') return attributes
    const nameStart = i
    while (i < tag.length && !endsName(tag[i])) i++
    const name = tag.slice(nameStart, i).toLowerCase()
    let j = i
    while (j < tag.length && isSpace(tag[j])) j++
    if (tag[j] !== '=') {
      attributes.push({ name, valueStart: i, valueEnd: i, quote: '' })
      continue
    }
    j++
    while (j < tag.length && isSpace(tag[j])) j++
    const quote = tag[j]
    if (quote === '"' || quote === "'") {
      const close = tag.indexOf(quote, j + 1)
      const end = close < 0 ? tag.length - 1 : close
      attributes.push({ name, valueStart: j + 1, valueEnd: end, quote })
      i = end + 1
    } else {
      let end = j
      while (end < tag.length && !isSpace(tag[end]) && tag[end] !== '>') end++
      attributes.push({ name, valueStart: j, valueEnd: end, quote: '' })
      i = end
    }
  }
}

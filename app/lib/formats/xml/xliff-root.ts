import { type XmlElement, attribute, localName } from './xml-tree'

/**
 * Which XLIFF version a document declares, so that the registry can hand a .xlf to the 1.x or the 2.x filter.
 * The version attribute decides; without one (some XLIFF 1.0 writers), the namespace does.
 */
export function xliffRootVersion(root: XmlElement): string | undefined {
  if (localName(root.name) !== 'xliff') return undefined
  return attribute(root, 'version') ?? namespaceVersion(attribute(root, 'xmlns'))
}

function namespaceVersion(namespace: string | undefined): string | undefined {
  return namespace ? /xliff:document:(\d+\.\d+)/.exec(namespace)?.[1] : undefined
}

/** The version declared by the root start tag in the first bytes of a file, without parsing the whole file. */
export function sniffXliffVersion(bytes: Uint8Array): string | undefined {
  const label = bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8'
  const head = new TextDecoder(label).decode(bytes.subarray(0, 4096))
  // The first element start tag after the prolog (declaration, comments, doctype).
  const tag = /<(?![?!])([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)((?:\s+[^\s=>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*\/?>/.exec(head)
  if (!tag || tag[2] !== 'xliff') return undefined
  const attributes = tag[3] ?? ''
  const version = /\sversion\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1]
  return version ?? namespaceVersion(/\sxmlns(?::\w+)?\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1])
}

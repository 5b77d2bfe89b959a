import { decodeXmlText } from './docx/xml-tree'
import { decodePart, readZip } from './docx/zip-package.server'
import type { KeptKind, KeptText } from './types'

/** Issue 57: counting the texts a file keeps as they are (types.ts has KeptText and what it is for). */

export const hasWords = (text: string) => /[\p{L}\p{N}]/u.test(text)

/** Elements named `name` (a qualified name, e.g. `a:t`) and their content, in a part's XML. */
function elements(xml: string, name: string): string[] {
  const escaped = name.replace(/[.:-]/g, (char) => `\\${char}`)
  return [...xml.matchAll(new RegExp(`<${escaped}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${escaped}>)`, 'g'))].map((match) => match[1] ?? '')
}

const holdsWords = (markup: string) => hasWords(decodeXmlText(markup.replace(/<[^>]*>/g, '')))

/** The elements `name` of a part (paragraphs: w:p, a:p, text:p) whose text holds a word. */
export function withWords(xml: string, name: string): number {
  return elements(xml, name).filter(holdsWords).length
}

/** The labels of a chart with a word: rich text paragraphs (titles) and the cached texts of its series and categories. */
function chartTexts(xml: string): number {
  const cached = [...elements(xml, 'c:strCache'), ...elements(xml, 'c:strLit')].flatMap((cache) => elements(cache, 'c:v'))
  return withWords(xml, 'a:p') + cached.filter(holdsWords).length
}

interface PartRule {
  kind: KeptKind
  parts: RegExp
  /** The texts of one part. */
  texts: (xml: string) => number
  /** The things in one part (comments in a comments part); 1 for a part that is one thing (a chart). */
  items?: (xml: string) => number
}

/** What the parts of an Office or OpenDocument package matching each rule keep as they are. */
export function keptInPackage(bytes: Uint8Array, rules: PartRule[]): KeptText[] {
  const entries = readZip(bytes, { select: (name) => rules.some((rule) => rule.parts.test(name)) })
  const kept = new Map<KeptKind, KeptText>()
  for (const rule of rules) {
    for (const entry of entries) {
      if (!rule.parts.test(entry.name)) continue
      const xml = decodePart(entry).text
      const texts = rule.texts(xml)
      if (texts === 0) continue
      const found = kept.get(rule.kind) ?? { kind: rule.kind, texts: 0, items: 0 }
      found.texts += texts
      found.items += rule.items ? rule.items(xml) : 1
      kept.set(rule.kind, found)
    }
  }
  return [...kept.values()]
}

/** Charts and SmartArt of an Office package (`folder`: word, ppt, xl). */
export function officeGraphics(folder: string): PartRule[] {
  return [
    { kind: 'chart', parts: new RegExp(`^${folder}/charts/chart\\d*\\.xml$`), texts: chartTexts },
    { kind: 'SmartArt', parts: new RegExp(`^${folder}/diagrams/data\\d*\\.xml$`), texts: (xml) => withWords(xml, 'a:p') },
  ]
}

/** Comments in `parts`, each an element `comment` holding paragraphs `paragraph` (or its text directly, paragraph ''). */
export function comments(parts: RegExp, comment: string, paragraph: string): PartRule {
  return {
    kind: 'comment',
    parts,
    texts: (xml) => elements(xml, comment).reduce((sum, inner) => sum + (paragraph ? withWords(inner, paragraph) : Number(holdsWords(inner))), 0),
    items: (xml) => withWords(xml, comment),
  }
}

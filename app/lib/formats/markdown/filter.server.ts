import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough'
import { gfmTable } from 'micromark-extension-gfm-table'
import type { TaggedText, TagKind, Token } from '../../tags/types'
import { decodeText, encodeText, looksLikeText } from '../txt/text-encoding'
import { hasWords } from '../kept'
import { FormatError, type FormatFilter, type KeptText, type Unit, textDetector } from '../types'
import { hasTranslatableText, sameTaggedText } from '../xml/inline-codes'
import { applyEdits } from '../xml/xml-file'

/**
 * Markdown (CommonMark with GFM tables and strikethrough; issue 18), read by micromark through mdast, which keeps
 * every node's offsets. Units are the paragraphs, headings and table cells in document order (inside lists and block
 * quotes too); code blocks, HTML blocks and link definitions are not. Inline, emphasis, strong, strikethrough and
 * links are tag pairs (their markers and URL are the tags), code spans and images placeholders, inline HTML and hard
 * breaks self-contained tags. A translated block's content is written on one line with Markdown's special characters
 * escaped; everything else keeps its bytes.
 */

/** The little of an mdast node the filter reads (the tree's own types differ between the installed mdast majors). */
interface MdNode {
  type: string
  value?: string
  alt?: string | null
  children?: MdNode[]
  position?: { start: { offset?: number }; end: { offset?: number } }
}

interface Block {
  key: string
  context?: string
  start: number
  end: number
  source: TaggedText
  inTable: boolean
}

const PAIRS: Record<string, string | undefined> = { emphasis: 'i', strong: 'b', delete: 's', link: 'a', linkReference: 'a' }

function offsets(node: MdNode): [number, number] {
  return [node.position?.start.offset ?? 0, node.position?.end.offset ?? 0]
}

function inlineTokens(text: string, children: MdNode[]): TaggedText {
  const tokens: Token[] = []
  let next = 1
  const add = (kind: TagKind, name: string, ref: string, id = next++) => {
    tokens.push({ kind, name, id, ref })
    return id
  }
  const walk = (nodes: MdNode[]) => {
    for (const node of nodes) {
      const [start, end] = offsets(node)
      if (node.type === 'text') {
        const value = (node.value ?? '').replace(/\s*\n\s*/g, ' ')
        const last = tokens.at(-1)
        if (last?.kind === 'text') tokens[tokens.length - 1] = { kind: 'text', text: last.text + value }
        else tokens.push({ kind: 'text', text: value })
        continue
      }
      const pair = PAIRS[node.type]
      if (pair && node.children && node.children.length > 0) {
        const [firstStart] = offsets(node.children[0]!)
        const [, lastEnd] = offsets(node.children.at(-1)!)
        const id = add('open', pair, text.slice(start, firstStart))
        walk(node.children)
        add('close', pair, text.slice(lastEnd, end), id)
        continue
      }
      const raw = text.slice(start, end)
      if (node.type === 'inlineCode' || node.type === 'image' || node.type === 'imageReference') add('placeholder', 'ph', raw)
      else add('self', node.type === 'break' ? 'br' : 'x', raw)
    }
  }
  walk(children)
  return tokens
}

function treeOf(text: string): MdNode {
  try {
    return fromMarkdown(text, { extensions: [gfmTable(), gfmStrikethrough()], mdastExtensions: [gfmTableFromMarkdown(), gfmStrikethroughFromMarkdown()] })
  } catch (error) {
    throw new FormatError(`not readable as Markdown: ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Issue 57: HTML with text in it and images' descriptions stay as they are; said once per file. */
function keptOf(text: string): KeptText[] {
  const kept = { HTML: 0, image: 0 }
  const visit = (node: MdNode) => {
    const words = node.type === 'html' ? (node.value ?? '').replace(/<!--[\s\S]*?-->|<[^>]*>/g, '') : node.type === 'image' ? (node.alt ?? '') : ''
    if (hasWords(words)) kept[node.type === 'html' ? 'HTML' : 'image']++
    for (const child of node.children ?? []) visit(child)
  }
  visit(treeOf(text))
  return (['HTML', 'image'] as const).filter((kind) => kept[kind] > 0).map((kind) => ({ kind, texts: kept[kind], items: kept[kind] }))
}

function blocksOf(text: string): Block[] {
  const tree = treeOf(text)
  const blocks: Block[] = []
  const visit = (node: MdNode, context: string | undefined) => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
      const children = node.children ?? []
      if (children.length === 0) return
      const [start] = offsets(children[0]!)
      const [, end] = offsets(children.at(-1)!)
      const own = node.type === 'heading' ? 'heading' : node.type === 'tableCell' ? 'table' : context
      blocks.push({ key: `b${blocks.length}`, context: own, start, end, source: inlineTokens(text, children), inTable: node.type === 'tableCell' })
      return
    }
    if (node.type === 'code' || node.type === 'html' || node.type === 'definition') return
    const inner = node.type === 'blockquote' ? 'quote' : node.type === 'listItem' ? 'list' : context
    for (const child of node.children ?? []) visit(child, inner)
  }
  visit(tree, undefined)
  return blocks
}

/** Text as Markdown reads it literally: its special characters escaped, on one line (and `|` in a table cell). */
function escapeMarkdown(value: string, inTable: boolean): string {
  const escaped = value.replace(/\r\n|\n|\r/g, ' ').replace(/[\\`*_[\]<>]/g, (char) => `\\${char}`)
  return inTable ? escaped.replace(/\|/g, '\\|') : escaped
}

function decode(bytes: Uint8Array) {
  const decoded = decodeText(bytes)
  if (!looksLikeText(decoded.text)) throw new FormatError('binary content, not Markdown')
  return decoded
}

export const markdownFilter: FormatFilter = {
  id: 'markdown',
  extensions: ['md', 'markdown'],
  mimeType: 'text/markdown',
  detect: textDetector(/\.(md|markdown)$/i, decode),
  kept: (bytes) => keptOf(decode(bytes).text),
  extract(bytes) {
    return blocksOf(decode(bytes).text)
      .filter((block) => hasTranslatableText(block.source))
      .map((block): Unit => ({ key: block.key, source: block.source, segmentable: true, context: block.context }))
  },
  merge(bytes, translations) {
    const { text, encoding } = decode(bytes)
    const edits = blocksOf(text).flatMap((block) => {
      const translation = translations.get(block.key)
      if (!translation || !hasTranslatableText(block.source) || sameTaggedText(translation, block.source)) return []
      const written = translation.map((token) => (token.kind === 'text' ? escapeMarkdown(token.text, block.inTable) : (token.ref ?? ''))).join('')
      return [{ start: block.start, end: block.end, text: written }]
    })
    return edits.length === 0 ? bytes : encodeText(applyEdits(text, edits), encoding)
  },
}

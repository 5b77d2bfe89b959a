import type { TaggedText } from '../../tags/types'
import type { Code, Emit, ParagraphModel } from './paragraph-model'
import { encodeXmlText, type XmlElement } from './xml-tree'

export interface TranslatedParagraph {
  model: ParagraphModel
  translation: TaggedText
}

/**
 * The part with the given paragraphs written anew and everything else copied from the original. A paragraph
 * nested in another (a text box inside a drawing) is replaced wherever its original markup is written back:
 * in the unchanged stretches of the part as well as inside the codes of a rewritten outer paragraph.
 */
export function renderPart(xml: string, paragraphs: readonly TranslatedParagraph[]): string {
  const sites = [...paragraphs].sort((a, b) => a.model.paragraph.start - b.model.paragraph.start)

  function renderStretch(start: number, end: number): string {
    let out = ''
    let pos = start
    for (let i = firstSiteFrom(start); i < sites.length; i++) {
      const site = sites[i] as TranslatedParagraph
      const { paragraph } = site.model
      if (paragraph.start >= end) break
      if (paragraph.start < pos || paragraph.end > end) continue // nested in a site already written
      out += xml.slice(pos, paragraph.start) + renderParagraph(site)
      pos = paragraph.end
    }
    return out + xml.slice(pos, end)
  }

  function firstSiteFrom(offset: number): number {
    let low = 0
    let high = sites.length
    while (low < high) {
      const middle = (low + high) >> 1
      if ((sites[middle]?.model.paragraph.start ?? offset) < offset) low = middle + 1
      else high = middle
    }
    return low
  }

  function renderParagraph({ model, translation }: TranslatedParagraph): string {
    const { paragraph } = model
    const writer = new RunWriter(xml, prefixOf(paragraph), renderStretch)
    return (
      xml.slice(paragraph.start, model.contentStart) +
      writer.emits(model.leading) +
      writer.tokens(model, translation) +
      writer.emits(model.trailing) +
      xml.slice(model.contentEnd, paragraph.end)
    )
  }

  return renderStretch(0, xml.length)
}

function prefixOf(element: XmlElement): string {
  const colon = element.qname.indexOf(':')
  return colon === -1 ? '' : element.qname.slice(0, colon + 1)
}

interface OpenScope {
  id: number
  code: Extract<Code, { kind: 'scope' }>
  formats: { id: number; runProperties?: XmlElement }[]
}

class RunWriter {
  constructor(
    private readonly xml: string,
    private readonly prefix: string,
    private readonly renderStretch: (start: number, end: number) => string,
  ) {}

  /**
   * Tags are matched to their codes by id through the source (refs may be missing on a posted translation).
   * Tags the source does not have are ignored; a scope left open is closed at the end so the XML stays whole.
   */
  tokens(model: ParagraphModel, translation: TaggedText): string {
    const codesById = new Map<number, Code>()
    for (const token of model.source) {
      const code = token.kind === 'text' ? undefined : model.codes[Number(token.ref)]
      if (token.kind !== 'text' && code) codesById.set(token.id, code)
    }
    const scopes: OpenScope[] = []
    let formats: OpenScope['formats'] = []
    let out = ''
    for (const token of translation) {
      if (token.kind === 'text') {
        const format = formats.at(-1)
        const scope = scopes.at(-1)
        out += this.textRun(token.text, format ? format.runProperties : scope ? scope.code.baseRunProperties : model.baseRunProperties)
        continue
      }
      const code = codesById.get(token.id)
      if (!code) continue
      if (token.kind === 'open' && code.kind === 'format') formats.push({ id: token.id, runProperties: code.runProperties })
      else if (token.kind === 'open' && code.kind === 'scope') {
        out += this.emits(code.open)
        scopes.push({ id: token.id, code, formats })
        formats = []
      } else if (token.kind === 'close' && code.kind === 'format') formats = formats.filter((format) => format.id !== token.id)
      else if (token.kind === 'close' && code.kind === 'scope' && scopes.some((scope) => scope.id === token.id)) {
        for (;;) {
          const scope = scopes.pop() as OpenScope
          out += this.emits(scope.code.close)
          formats = scope.formats
          if (scope.id === token.id) break
        }
      } else if ((token.kind === 'self' || token.kind === 'placeholder') && code.kind === 'inline') out += this.emits(code.emits)
    }
    while (scopes.length > 0) out += this.emits((scopes.pop() as OpenScope).code.close)
    return out
  }

  /** Original markup; run children sharing a run are written back inside one copy of that run. */
  emits(emits: readonly Emit[]): string {
    let out = ''
    let openRun: XmlElement | undefined
    for (const { node, run, runProperties } of emits) {
      if (openRun && run !== openRun) out += `</${openRun.qname}>`
      if (run && run !== openRun) {
        out += this.xml.slice(run.start, run.openEnd)
        if (runProperties) out += this.xml.slice(runProperties.start, runProperties.end)
      }
      openRun = run
      out += this.renderStretch(node.start, node.end)
    }
    if (openRun) out += `</${openRun.qname}>`
    return out
  }

  private textRun(text: string, runProperties: XmlElement | undefined): string {
    if (text === '') return ''
    const p = this.prefix
    const properties = runProperties ? this.xml.slice(runProperties.start, runProperties.end) : ''
    const space = /^\s|\s$|\s\s|[\t\n\r]/.test(text) ? ' xml:space="preserve"' : ''
    return `<${p}r>${properties}<${p}t${space}>${encodeXmlText(text)}</${p}t></${p}r>`
  }
}

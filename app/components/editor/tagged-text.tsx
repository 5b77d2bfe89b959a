import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { parse } from '~/lib/tags'
import { chipAttributes } from './tag-chip'
import { tagHoverHandlers } from './tag-hover'

/** A stretch of a text token to mark (issue 17: a glossary term), with what the mark says. */
export interface TextMark {
  /** Index of the text token among the parsed tokens. */
  token: number
  start: number
  end: number
  title: string
}

/** A text token's text with its marks as <mark> elements. */
function markedText(text: string, marks: TextMark[]): ReactNode {
  if (marks.length === 0) return text
  const pieces: ReactNode[] = []
  let at = 0
  for (const mark of marks) {
    if (mark.start > at) pieces.push(text.slice(at, mark.start))
    pieces.push(
      <mark key={mark.start} className="term-mark" title={mark.title}>
        {text.slice(mark.start, mark.end)}
      </mark>,
    )
    at = mark.end
  }
  pieces.push(text.slice(at))
  return pieces
}

/**
 * A canonical string (`Click <g1>here</g1>`) as text with tag chips, read-only; renders on the server too.
 * The segment table shows sources and inactive targets with it; glossary terms in a source are marked.
 */
export function TaggedText({ text, lang, className, marks = [] }: { text: string; lang?: string; className?: string; marks?: TextMark[] }) {
  const { t, i18n } = useTranslation('editor')
  return (
    <span lang={lang} className={className ? `tagged-text ${className}` : 'tagged-text'} {...tagHoverHandlers}>
      {parse(text).map((token, index) => {
        if (token.kind === 'text') return marks.length ? <Fragment key={index}>{markedText(token.text, marks.filter((mark) => mark.token === index))}</Fragment> : token.text
        const { text: visible, ...attributes } = chipAttributes(token, t, i18n.language)
        return (
          <span key={index} {...attributes}>
            {visible}
          </span>
        )
      })}
    </span>
  )
}

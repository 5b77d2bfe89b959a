import { useTranslation } from 'react-i18next'
import { parse } from '~/lib/tags'
import { chipAttributes } from './tag-chip'
import { tagHoverHandlers } from './tag-hover'

/**
 * A canonical string (`Click <g1>here</g1>`) as text with tag chips, read-only; renders on the server too.
 * The segment table shows sources and inactive targets with it.
 */
export function TaggedText({ text, lang, className }: { text: string; lang?: string; className?: string }) {
  const { t, i18n } = useTranslation('editor')
  return (
    <span lang={lang} className={className ? `tagged-text ${className}` : 'tagged-text'} {...tagHoverHandlers}>
      {parse(text).map((token, index) => {
        if (token.kind === 'text') return token.text
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

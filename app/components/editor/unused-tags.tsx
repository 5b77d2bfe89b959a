import { useTranslation } from 'react-i18next'
import type { UnusedTag } from './editor-model'

/** SPEC §3 "unused tags": one visible button per tag; Ctrl+Alt+n in the editor does what the n-th does. */
export function UnusedTags({ tags, onInsert, className }: { tags: readonly UnusedTag[]; onInsert: (n: number) => void; className?: string }) {
  const { t } = useTranslation('editor')
  if (tags.length === 0) return null
  return (
    <div role="group" aria-label={t('unusedTags')} className={className ? `unused-tags ${className}` : 'unused-tags'}>
      {tags.map((tag, index) => (
        <button
          key={tag.label}
          type="button"
          className="unused-tag"
          aria-keyshortcuts={index < 9 ? `Control+Alt+${index + 1}` : undefined}
          title={index < 9 ? t('shortcut', { n: index + 1 }) : undefined}
          // Keep the caret in the editor: the insert goes where the translator was typing.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onInsert(index + 1)}
        >
          {t('insertTag', { tag: tag.label })}
        </button>
      ))}
    </div>
  )
}

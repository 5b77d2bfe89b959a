import { useTranslation } from 'react-i18next'
import type { KeptText } from '~/lib/formats/types'
import { formatNumber } from '~/lib/i18n/format'

/**
 * Issue 57: the texts of a file Tulks keeps as they are (docs/formats.md) — "3 texts are kept as they are: hidden sheet
 * “Prices”, a chart." — said once per file, in the file list and in the translator, so that no one delivers an
 * untranslated paragraph unknowingly.
 */
export function KeptNote({ kept, language, className = 'file-status' }: { kept: readonly KeptText[]; language: string; className?: string }) {
  const { t } = useTranslation('files')
  const texts = kept.reduce((sum, each) => sum + each.texts, 0)
  if (texts === 0) return null
  const places = kept
    .map((each) =>
      each.kind === 'hidden sheet'
        ? t('kept.hiddenSheet', { name: each.name ?? '' })
        : t(`kept.${KIND_KEYS[each.kind]}`, { count: each.items, formatted: formatNumber(each.items, language) }),
    )
    .join(', ')
  return (
    <span className={`${className} kept-note`} role="note">
      {t('kept.summary', { count: texts, formatted: formatNumber(texts, language), places })}
    </span>
  )
}

const KIND_KEYS: Record<Exclude<KeptText['kind'], 'hidden sheet'>, string> = {
  comment: 'comments',
  chart: 'charts',
  SmartArt: 'smartArt',
  drawing: 'shapes',
  HTML: 'htmlBlocks',
  image: 'imageDescriptions',
}

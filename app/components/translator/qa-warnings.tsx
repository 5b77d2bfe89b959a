import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { QaWarning } from '~/lib/qa/qa-kinds'
import { Icon } from '../icons'

/** A warning in the interface language (issue 17: QA beside the segment and in the report). */
export function useWarningText(): (warning: QaWarning) => string {
  const { t } = useTranslation('qa')
  return (warning) => t(`code.${warning.code}`, { detail: warning.detail ?? '' })
}

/**
 * The tools column's QA icon: how many warnings, and which, in its accessible name and tooltip. SPEC §2's own
 * double-space icon stands beside it, so that warning is not counted twice here.
 */
export function QaBadge({ warnings }: { warnings: QaWarning[] | undefined }) {
  const shown = (warnings ?? []).filter((warning) => warning.code !== 'double-space')
  // Most rows have none: they render nothing and use no hook (every row's hooks count on a slow machine).
  return shown.length > 0 ? <QaMark shown={shown} /> : null
}

function QaMark({ shown }: { shown: QaWarning[] }) {
  const { t } = useTranslation('qa')
  const text = useWarningText()
  const label = t('segment.label', { count: shown.length, list: shown.map(text).join('; ') })
  return (
    <span className="segment-qa" role="img" aria-label={label} title={label}>
      <Icon name="flag" /> {t('segment.badge', { count: shown.length })}
    </span>
  )
}

/** The active segment's warnings in words under its editor, with the way to the project's report. */
export function QaList({ warnings, report }: { warnings: QaWarning[] | undefined; report: string }) {
  const { t } = useTranslation('qa')
  const text = useWarningText()
  if (!warnings || warnings.length === 0) return null
  return (
    <div className="qa-list">
      <ul aria-label={t('segment.heading')}>
        {warnings.map((warning) => (
          <li key={`${warning.code}:${warning.detail ?? ''}`}>{text(warning)}</li>
        ))}
      </ul>
      <Link to={report}>{t('report.link')}</Link>
    </div>
  )
}

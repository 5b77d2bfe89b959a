import { useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import type { BandWords } from '~/lib/tm/analysis-bands'
import { AnalysisBands } from '../analysis-bands'
import { formatPercent } from '~/lib/i18n/format'
import { splitHoursMinutes } from '~/lib/projects/segment-rules'
import { queueState, revision, subscribe } from './segment-writes'

export interface FooterFigures {
  percent: number
  segmentCount: number
  spentMinutes: number
  remainingMinutes?: number
  bands?: BandWords
}

/**
 * Issue 58: while the server cannot be reached, the editor keeps taking edits and confirms (segment-writes.ts keeps
 * them in the browser, through reloads, and sends them in order once it answers); the footer says so, and how many wait.
 */
function WritesWaiting() {
  const { t } = useTranslation('translate')
  useSyncExternalStore(subscribe, revision, () => 0)
  const { pending, offline } = queueState()
  return (
    <span className="writes-waiting" role="status">
      {offline && pending > 0 ? t('offline', { count: pending }) : ''}
    </span>
  )
}

/** SPEC §2 footer: file name, percent translated of N segments, time spent, time remaining, progress bar. */
export function TranslatorFooter({ footer, name, language }: { footer: FooterFigures; name: string; language: string }) {
  const { t } = useTranslation('translate')
  const time = (minutes: number | undefined) => {
    if (minutes === undefined) return t('footer.unknown')
    const split = splitHoursMinutes(minutes)
    return split.hours > 0 ? t('footer.hoursMinutes', split) : t('footer.minutes', { count: split.minutes })
  }
  const percent = formatPercent(Math.max(0, footer.percent), language)
  return (
    <footer className="translator-footer">
      {/* Issue 51: the heading above names the file whole; here a long name is shortened so that the footer stays one line. */}
      <span className="footer-name" title={name}>
        {name}
      </span>
      <span>{t('footer.translated', { percent, count: footer.segmentCount })}</span>
      <span>{t('footer.spent', { time: time(footer.spentMinutes) })}</span>
      <span>{t('footer.remaining', { time: time(footer.remainingMinutes) })}</span>
      <progress max={100} value={Math.max(0, footer.percent)} aria-label={t('footer.label')} />
      {footer.bands ? <AnalysisBands bands={footer.bands} language={language} /> : null}
      <WritesWaiting />
    </footer>
  )
}

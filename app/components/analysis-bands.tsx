import { useTranslation } from 'react-i18next'
import { formatNumber } from '~/lib/i18n/format'
import { ANALYSIS_BANDS, type BandWords } from '~/lib/tm/analysis-bands'

/** Issue 5: the words of a project per TM band, shown on the file list and in the translator. Opens without scripts. */
export function AnalysisBands({ bands, language }: { bands: BandWords; language: string }) {
  const { t } = useTranslation('common')
  return (
    <details className="analysis-bands">
      <summary>{t('bands.title')}</summary>
      <dl>
        {ANALYSIS_BANDS.map((band) => (
          <div key={band} className={`band band-${band}`}>
            <dt>{t(`bands.${band}`)}</dt>
            <dd>{t('bands.words', { count: bands[band], formatted: formatNumber(bands[band], language) })}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

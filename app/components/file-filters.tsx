import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FILE_SORTS, FILE_STATES, isFiltered, type FileListQuery } from '~/lib/projects/file-list'

/**
 * Issue 19: find files by name, language pair and state, and order them — a GET form, so it works without JavaScript
 * and the address keeps it (reload, back, paging).
 */
export function FileFilters({ query, pairs }: { query: FileListQuery; pairs: { source: string; target: string }[] }) {
  const { t } = useTranslation('files')
  const language = (code: string) => t(`languages.${code}`, { defaultValue: code })
  return (
    <Form method="get" role="search" aria-label={t('filters.label')} className="file-filters">
      <div className="field">
        <label htmlFor="files-q">{t('filters.q')}</label>
        <input id="files-q" type="search" name="q" defaultValue={query.q} maxLength={200} />
      </div>
      <div className="field">
        <label htmlFor="files-pair">{t('filters.pair')}</label>
        <select id="files-pair" name="pair" defaultValue={query.pair}>
          <option value="">{t('filters.allPairs')}</option>
          {pairs.map(({ source, target }) => (
            <option key={`${source}-${target}`} value={`${source}-${target}`}>
              {language(source)} → {language(target)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="files-state">{t('filters.state')}</label>
        <select id="files-state" name="state" defaultValue={query.state}>
          <option value="">{t('filters.allStates')}</option>
          {FILE_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`filters.states.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="files-sort">{t('filters.sort')}</label>
        <select id="files-sort" name="sort" defaultValue={query.sort}>
          {FILE_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`filters.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="files-order">{t('filters.order')}</label>
        <select id="files-order" name="order" defaultValue={query.order}>
          <option value="asc">{t('filters.orders.asc')}</option>
          <option value="desc">{t('filters.orders.desc')}</option>
        </select>
      </div>
      <button type="submit">{t('filters.apply')}</button>
      {isFiltered(query) ? <Link to="/">{t('filters.clear')}</Link> : null}
    </Form>
  )
}

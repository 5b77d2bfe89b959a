import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { SegmentSearch } from '~/lib/projects/segments.server'
import { SEGMENT_FILTERS } from '~/lib/projects/segment-filter'
import { placeHref, searchParamName, type Panel, type SearchScope } from '~/lib/projects/translator-url'

const scopes: SearchScope[] = ['source', 'target', 'comments']

/**
 * SPEC §2 "Search": boxes for source, translation and comments, run on Enter (a GET form, so the results are an
 * address), a results banner with the count and a close link, per-scope clear and clear-all.
 */
export function SearchBar({ base, search, panel, matches }: { base: string; search: SegmentSearch; panel: Panel; matches?: number }) {
  const { t } = useTranslation('translate')
  const active = scopes.some((scope) => search[scope]) || search.filter !== undefined
  return (
    <div role="search" className="translator-search" aria-label={t('search.label')}>
      {/* Issue 19: a collapsible row (open while a search is active), so the segments get the height. */}
      <details className="search-toggle" open={active || undefined}>
        <summary>{t('search.label')}</summary>
        <Form method="get" action={base} className="search-form" key={JSON.stringify(search)}>
          {panel !== 'translations' ? <input type="hidden" name="panel" value={panel} /> : null}
          {scopes.map((scope) => (
            <span key={scope} className="search-field">
              <label htmlFor={`search-${scope}`}>{t(`search.${scope}`)}</label>
              <input
                id={`search-${scope}`}
                type="search"
                name={searchParamName(scope)}
                defaultValue={search[scope] ?? ''}
                maxLength={200}
                enterKeyHint="search"
              />
              {search[scope] ? (
                <Link
                  to={placeHref(base, {
                    search: { ...search, [scope]: undefined },
                    panel,
                  })}
                  className="search-clear"
                  aria-label={t('search.clearScope', {
                    scope: t(`search.${scope}`),
                  })}
                >
                  ×
                </Link>
              ) : null}
            </span>
          ))}
          {/* Issue 58: the segment filter, part of the same address (with JavaScript off too). */}
          <span className="search-field">
            <label htmlFor="search-filter">{t('search.filter')}</label>
            <select id="search-filter" name="filter" defaultValue={search.filter ?? ''} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
              <option value="">{t('search.filterAll')}</option>
              {SEGMENT_FILTERS.map((filter) => (
                <option key={filter} value={filter}>
                  {t(`search.filters.${filter}`)}
                </option>
              ))}
            </select>
          </span>
          <button type="submit">{t('search.run')}</button>
        </Form>
      </details>
      {active ? (
        <p className="search-banner" role="status">
          <span>{t('search.results', { count: matches ?? 0 })}</span>
          <Link to={placeHref(base, { panel })}>{t('search.clearAll')}</Link>
        </p>
      ) : null}
    </div>
  )
}

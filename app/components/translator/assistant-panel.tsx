import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { takeSelectedText } from './terms-list'
import { placeHref, type Panel, type TranslatorPlace } from '~/lib/projects/translator-url'
import { hotkeys } from './hotkeys'

const tabs: Panel[] = ['translations', 'shortkeys', 'comments', 'history']

interface AssistantPanelProps {
  base: string
  place: TranslatorPlace
  lookups: { term: boolean; synonym: boolean }
  comments: ReactNode
  /** Issue 52: the active segment's history. */
  history?: ReactNode
  /** The Translations tab's suggestions and concordance (issue 5). */
  translations?: ReactNode
}

/**
 * SPEC §2 assistant side panel with three tabs. The open tab is part of the address (links, not scripts), so
 * it works without JavaScript and survives a reload; with JavaScript the links navigate in place.
 */
export function AssistantPanel({ base, place, lookups, comments, history, translations }: AssistantPanelProps) {
  const { t } = useTranslation('translate')
  return (
    <aside className="assistant-panel" aria-labelledby="assistant-title">
      <h2 id="assistant-title" className="visually-hidden">
        {t('panel.title')}
      </h2>
      <nav aria-label={t('panel.tabs')}>
        <ul className="panel-tabs">
          {tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={placeHref(base, { ...place, panel: tab })}
                aria-current={tab === place.panel ? 'page' : undefined}
                data-hotkey={tab === 'comments' ? 'comments' : undefined}
                aria-keyshortcuts={tab === 'comments' ? 'Alt+C' : undefined}
                preventScrollReset
                replace
              >
                {t(`panel.${tab}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {/* Issue 51: the panel's body scrolls inside itself (SPEC §2's height), so the keyboard must be able to scroll it
          too when nothing in it takes the focus (the Shortkeys tab). */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region is reached by Tab */}
      <section className="panel-body" id={`panel-${place.panel}`} aria-labelledby={`panel-title-${place.panel}`} tabIndex={0}>
        {/* The open tab names the panel already: the heading is for screen readers (issue 51, matches right under the tabs). */}
        <h3 id={`panel-title-${place.panel}`} className="visually-hidden">
          {t(`panel.${place.panel}`)}
        </h3>
        {place.panel === 'translations' ? <TranslationsTab base={base} lookups={lookups} translations={translations} /> : null}
        {place.panel === 'shortkeys' ? <ShortkeysTab /> : null}
        {place.panel === 'comments' ? comments : null}
        {place.panel === 'history' ? history : null}
      </section>
    </aside>
  )
}

function TranslationsTab({ base, lookups, translations }: { base: string; lookups: { term: boolean; synonym: boolean }; translations: ReactNode }) {
  const { t } = useTranslation('translate')
  return (
    <>
      {translations ?? <p className="hint">{t('panel.noSuggestions')}</p>}
      {lookups.term || lookups.synonym ? (
        // SPEC §2: term base and synonym dictionary open in a new tab; `required` keeps an empty search from
        // going anywhere (SPEC §5), with or without scripts.
        <form method="get" action={`${base}/lookup`} target="_blank" className="lookup-form">
          <label htmlFor="lookup-text">{t('panel.lookupText')}</label>
          <input id="lookup-text" name="text" type="search" required maxLength={200} />
          {lookups.term ? (
            <button type="submit" name="kind" value="term" onClick={takeSelectedText('text')}>
              {t('panel.term')}
            </button>
          ) : null}
          {lookups.synonym ? (
            <button type="submit" name="kind" value="synonym">
              {t('panel.synonym')}
            </button>
          ) : null}
        </form>
      ) : null}
    </>
  )
}

function ShortkeysTab() {
  const { t } = useTranslation('translate')
  return (
    <table className="shortkeys">
      <caption className="visually-hidden">{t('panel.shortkeys')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('hotkeys.keys')}</th>
          <th scope="col">{t('hotkeys.action')}</th>
        </tr>
      </thead>
      <tbody>
        {hotkeys.map((hotkey) => (
          <tr key={hotkey.id}>
            <td>
              <kbd>{hotkey.keys}</kbd>
            </td>
            <td>{t(hotkey.label)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

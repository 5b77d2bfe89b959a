import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { languageNames, supportedLanguages } from '~/lib/i18n/config'
import { useHere } from './use-here'

/**
 * A plain form (works without JavaScript): one submit button per language; the action sets the culture
 * cookie and sends the user back to where they were.
 */
export function LanguageSwitcher({ current }: { current: string }) {
  const { t } = useTranslation()
  const here = useHere()
  return (
    <Form method="post" action="/language" className="language-switcher" aria-label={t('shell.language')}>
      <input type="hidden" name="redirectTo" value={here} />
      {supportedLanguages.map((language) => (
        <button
          key={language}
          type="submit"
          name="language"
          value={language}
          lang={language}
          aria-pressed={language === current}
          className="language-option"
        >
          {languageNames[language]}
        </button>
      ))}
    </Form>
  )
}

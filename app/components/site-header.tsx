import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LanguageSwitcher } from './language-switcher'

export function SiteHeader({ user, language }: { user?: { name: string; email: string }; language: string }) {
  const { t } = useTranslation()
  return (
    <header className="site-header">
      <Link to="/" className="brand">
        {t('shell.productName')}
      </Link>
      <LanguageSwitcher current={language} />
      {user ? (
        <div className="account">
          <span className="account-name">
            <span className="visually-hidden">{t('shell.signedInAs')} </span>
            {user.name}
          </span>
          <Form method="post" action="/sign-out">
            <button type="submit" className="button-link">
              {t('shell.signOut')}
            </button>
          </Form>
        </div>
      ) : null}
    </header>
  )
}

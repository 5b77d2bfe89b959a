import { Form } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EMAIL_MAX_LENGTH } from '~/lib/auth/forms'
import { MEMBER_ROLES } from '~/lib/projects/roles'

/** The email and role fields and the Share button (here, and for the ticked files on files.share-selected). */
export function ShareForm({ back, problem, email, children }: { back: string; problem?: string; email?: string; children?: ReactNode }) {
  const { t } = useTranslation('files')
  return (
    <Form method="post" className="stack share-form">
      <input type="hidden" name="back" value={back} />
      {children}
      {problem ? (
        <div className="form-error" role="alert" id="share-error">
          {t(`share.problems.${problem}`)}
        </div>
      ) : null}
      <div className="share-fields">
        <div className="field">
          <label htmlFor="share-email">{t('share.email')}</label>
          <input
            id="share-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={email}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? 'share-error share-email-hint' : 'share-email-hint'}
          />
          <p id="share-email-hint" className="hint">
            {t('share.emailHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor="share-role">{t('share.role')}</label>
          <select id="share-role" name="role" defaultValue="translator">
            {MEMBER_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`share.roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="button-row">
        <button type="submit" name="intent" value="share" className="button-primary">
          {t('share.button')}
        </button>
      </div>
    </Form>
  )
}

import { useTranslation } from 'react-i18next'

type Flash = { kind: string; key: string; values?: Record<string, string | number> }

/**
 * A message carried over a redirect (flash cookie). The polite live region is always in the page, so that a
 * message arriving after a client-side navigation (a saved or confirmed segment) is announced; errors are
 * alerts of their own.
 */
export function FlashRegion({ flash }: { flash?: Flash }) {
  const { t } = useTranslation(['common', 'auth', 'files', 'translate'])
  return (
    <>
      <div className="flash-region" role="status">
        {flash && flash.kind !== 'error' ? <p className={`flash flash-${flash.kind}`}>{t(flash.key, flash.values)}</p> : null}
      </div>
      {flash?.kind === 'error' ? (
        <p className="flash flash-error" role="alert">
          {t(flash.key, flash.values)}
        </p>
      ) : null}
    </>
  )
}

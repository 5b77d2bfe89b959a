import { useTranslation } from 'react-i18next'

type Flash = { kind: string; key: string; values?: Record<string, string | number> }

/**
 * A message carried over a redirect (flash cookie). The polite live region is always in the page, so that a
 * message arriving after a client-side navigation (a saved or confirmed segment) is announced; errors are
 * alerts of their own.
 */
export function FlashRegion({ flash }: { flash?: Flash }) {
  return (
    <>
      <div className="flash-region" role="status">
        {flash && flash.kind !== 'error' ? <FlashText flash={flash} /> : null}
      </div>
      {flash?.kind === 'error' ? <FlashText flash={flash} role="alert" /> : null}
    </>
  )
}

/**
 * Only a page that has a message asks for the namespaces messages come from: asking on every page would make
 * the browser load them (and re-render) while the page hydrates.
 */
function FlashText({ flash, role }: { flash: Flash; role?: 'alert' }) {
  const { t } = useTranslation(['common', 'auth', 'files', 'translate'])
  return (
    <p className={`flash flash-${flash.kind}`} role={role}>
      {t(flash.key, flash.values)}
    </p>
  )
}

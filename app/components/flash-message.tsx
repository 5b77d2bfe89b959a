import { useTranslation } from 'react-i18next'

/** A message carried over a redirect (flash cookie); announced politely to screen readers. */
export function FlashMessage({ flash }: { flash: { kind: string; key: string; values?: Record<string, string | number> } }) {
  const { t } = useTranslation(['common', 'auth', 'files'])
  return (
    <p className={`flash flash-${flash.kind}`} role={flash.kind === 'error' ? 'alert' : 'status'}>
      {t(flash.key, flash.values)}
    </p>
  )
}

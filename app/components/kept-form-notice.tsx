import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'

/**
 * A form posted while the session had ended (kept-form.server.ts), offered on the page it was sent from once the
 * user has signed in again: what it holds, and a button that sends it as it was. Nothing was saved until then.
 */
export function KeptFormNotice({ kept }: { kept: { action: string; fields: [string, string][]; values: [string, string][] } }) {
  const { t } = useTranslation()
  // A language chosen (a memory's or glossary's pair) is named as its picker names it.
  const shown = kept.values.map(([name, value]) => (name.endsWith('Lang') ? t(`files:languages.${value}`, { defaultValue: value }) : value))
  return (
    <section className="flash kept-form" aria-labelledby="kept-form-title">
      <h2 id="kept-form-title">{t('keptForm.title')}</h2>
      <p>{t('keptForm.text')}</p>
      {shown.length > 0 ? (
        <p>
          {t('keptForm.holds')} {shown.map((value) => t('keptForm.value', { value })).join(', ')}
        </p>
      ) : null}
      <Form method="post" action={kept.action}>
        {kept.fields.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <button type="submit">{t('keptForm.send')}</button>
      </Form>
    </section>
  )
}

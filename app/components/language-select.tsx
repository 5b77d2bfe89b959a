import { useTranslation } from 'react-i18next'

/** A labelled language picker of a create form (memories, glossaries), the names in the interface language. */
export function LanguageSelect({ id, name, label, languages, defaultValue }: { id: string; name: string; label: string; languages: readonly string[]; defaultValue: string }) {
  const { t } = useTranslation('files')
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        {languages.map((code) => (
          <option key={code} value={code}>
            {t(`languages.${code}`, { defaultValue: code })}
          </option>
        ))}
      </select>
    </>
  )
}

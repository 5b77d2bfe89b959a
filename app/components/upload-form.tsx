import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { sourceLanguages, targetLanguages } from '~/lib/projects/languages'

/**
 * SPEC §2 top of the file list: the machine-translation widget (source, target, swap, domain) and the file
 * picker with Analyze. A plain multipart form first; the swap is a link that keeps the choice in the URL.
 */
export function UploadForm({ source, target, accept }: { source: string; target: string; accept: string }) {
  const { t } = useTranslation('files')
  const navigation = useNavigation()
  const uploading = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data'
  return (
    <Form method="post" encType="multipart/form-data" className="upload-form" aria-labelledby="upload-title">
      <h2 id="upload-title">{t('upload.title')}</h2>
      <fieldset className="mt-widget">
        <legend>{t('upload.languages')}</legend>
        <label>
          {t('upload.source')}
          <select name="source_language" defaultValue={source}>
            {sourceLanguages.map((code) => (
              <option key={code} value={code}>
                {t(`languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <Link to={`/?source=${target}&target=${source}`} className="swap-link" aria-label={t('upload.swap')}>
          ⇄
        </Link>
        <label>
          {t('upload.target')}
          <select name="target_language" defaultValue={target}>
            {targetLanguages.map((code) => (
              <option key={code} value={code}>
                {t(`languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('upload.domain')}
          <select name="mt_system" defaultValue="">
            <option value="">{t('upload.general')}</option>
          </select>
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor="upload-files">{t('upload.files')}</label>
        <p id="upload-files-hint" className="field-hint">
          {t('upload.hint', { types: accept.replaceAll(',', ', ') })}
        </p>
        <input id="upload-files" type="file" name="files" multiple accept={accept} aria-describedby="upload-files-hint" />
      </div>
      <button type="submit" name="intent" value="upload" className="button-primary" disabled={uploading}>
        {t('upload.analyze')}
      </button>
    </Form>
  )
}

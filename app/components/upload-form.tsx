import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { sourceLanguages, targetLanguages } from '~/lib/projects/languages'
import type { UploadQueue } from './upload-queue'
import { useHydrated } from './use-hydrated'

/**
 * SPEC §2 top of the file list: the machine-translation widget (source, target, swap, domain) and the file
 * picker with Analyze. Without JavaScript a plain multipart form (the swap is a link keeping the choice in
 * the URL); with it, a drop zone and a queue whose files go up one at a time.
 */
export function UploadForm({ source, target, accept, queue }: { source: string; target: string; accept: string; queue: UploadQueue }) {
  const { t } = useTranslation('files')
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [languages, setLanguages] = useState({ source, target })
  const submitting = navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data'
  // SPEC §2: Analyze only with a non-empty queue and no upload running (without scripts the browser decides).
  const analyzeDisabled = hydrated ? queue.queue.length === 0 || queue.uploading : submitting

  // Files chosen before the scripts arrived join the queue once they do.
  useEffect(() => {
    const chosen = input.current?.files
    if (!hydrated || !chosen || chosen.length === 0) return
    queue.add(chosen)
    input.current!.value = ''
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, [hydrated])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    void queue.start({
      source: String(form.get('source_language')),
      target: String(form.get('target_language')),
      mtSystem: String(form.get('mt_system') ?? ''),
    })
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault()
    setDragging(false)
    queue.add(event.dataTransfer.files)
  }

  function swap(event: React.MouseEvent) {
    if (!hydrated) return
    event.preventDefault()
    setLanguages(({ source: s, target: t2 }) => ({ source: t2, target: s }))
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="upload-form"
      aria-labelledby="upload-title"
      onSubmit={onSubmit}
      data-enhanced={hydrated ? 'true' : undefined}
    >
      <h2 id="upload-title">{t('upload.title')}</h2>
      <fieldset className="mt-widget">
        <legend>{t('upload.languages')}</legend>
        <label>
          {t('upload.source')}
          <select
            name="source_language"
            value={languages.source}
            onChange={(event) => setLanguages((current) => ({ ...current, source: event.target.value }))}
          >
            {sourceLanguages.map((code) => (
              <option key={code} value={code}>
                {t(`languages.${code}`)}
              </option>
            ))}
          </select>
        </label>
        <Link to={`/?source=${target}&target=${source}`} className="swap-link" aria-label={t('upload.swap')} onClick={swap}>
          ⇄
        </Link>
        <label>
          {t('upload.target')}
          <select
            name="target_language"
            value={languages.target}
            onChange={(event) => setLanguages((current) => ({ ...current, target: event.target.value }))}
          >
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
      {hydrated ? (
        // A pointer-only convenience: the file input below stays the keyboard and screen-reader path.
        // eslint-disable-next-line jsx-a11y/no-static-element-interactions
        <div
          className={dragging ? 'drop-zone drop-zone-active' : 'drop-zone'}
          onDragOver={(event) => {
            event.preventDefault()
            setDragging(true)
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {t('upload.dropHere')}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="upload-files">{t('upload.files')}</label>
        <p id="upload-files-hint" className="field-hint">
          {t('upload.hint', { types: accept.replaceAll(',', ', ') })}
        </p>
        <input
          ref={input}
          id="upload-files"
          type="file"
          name="files"
          multiple
          accept={accept}
          aria-describedby="upload-files-hint"
          onChange={(event) => {
            if (!hydrated || !event.target.files) return
            queue.add(event.target.files)
            event.target.value = '' // the queue holds them now; the same file may be chosen again
          }}
        />
      </div>
      {hydrated && queue.queue.length > 0 ? (
        <ul className="upload-queue" aria-label={t('upload.queue')}>
          {queue.queue.map((file, index) => (
            <li key={`${file.name}-${index}`}>
              <span>{file.name}</span>
              <button type="button" className="button-link" onClick={() => queue.remove(index)} aria-label={t('upload.removeNamed', { name: file.name })}>
                {t('upload.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="submit" name="intent" value="upload" className="button-primary" disabled={analyzeDisabled}>
        {t('upload.analyze')}
      </button>
    </Form>
  )
}

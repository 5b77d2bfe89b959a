import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { keptOrMade } from '~/lib/kept'
import { systemsForPair } from '~/lib/mt/systems'
import { swapLanguages } from '~/lib/projects/languages'
import type { UploadQueue } from './upload-queue'
import { useHydrated } from './use-hydrated'

/** A running MT system as the widget lists it. */
export interface WidgetSystem {
  id: string
  title: string
  domain: string
  sourceLang: string
  targetLang: string
}

interface UploadFormProps {
  source: string
  target: string
  /** The widget's languages in order (SPEC §2's, then those of running MT systems). */
  sources: string[]
  targets: string[]
  /** Every running system; the domain list shows those for the chosen languages, General first. */
  systems: WidgetSystem[]
  accept: string
  queue: UploadQueue
  /** Issue 51: one compact bar above a list that has files, so the files come first; the full form on an empty list. */
  compact?: boolean
  /** Issue 19: the limits, stated before anything is chosen (formatted for the interface language). */
  limits: { max: number; megabytes: string; characters: number }
  /** Issue 19: files picked before a swap without JavaScript, stored until Analyze takes them. */
  held: { id: number; name: string }[]
}

/**
 * SPEC §2 top of the file list: the machine-translation widget (source, target, swap, domain) and the file
 * picker with Analyze. Without JavaScript a plain multipart form, whose swap and "show domains" buttons post the
 * form: the languages come back with the matching systems, and the files picked come back held (ticked boxes that
 * Analyze takes; issue 19); with it, the swap and the
 * domain list change in place, and a drop zone and a queue send the files one at a time.
 */
export function UploadForm({ source, target, sources, targets, systems, accept, queue, limits, held, compact = false }: UploadFormProps) {
  const { t, i18n } = useTranslation('files')
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [languages, setLanguages] = useState({ source, target })
  useEffect(() => setLanguages({ source, target }), [source, target])
  const offered = systemsForPair(systems, languages.source, languages.target)
  const languageName = (code: string) => t(`languages.${code}`, { defaultValue: displayName(code, i18n.language) })
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
    setLanguages((current) => swapLanguages(current, { sources, targets }))
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className={compact ? 'upload-form upload-compact' : 'upload-form'}
      aria-labelledby="upload-title"
      onSubmit={onSubmit}
      data-enhanced={hydrated ? 'true' : undefined}
    >
      <h2 id="upload-title">{t('upload.title')}</h2>
      <fieldset className="mt-widget">
        {/* In the compact bar the selects' own labels say it (issue 51). */}
        <legend className={compact ? 'visually-hidden' : undefined}>{t('upload.languages')}</legend>
        <label>
          {t('upload.source')}
          <select
            name="source_language"
            value={languages.source}
            onChange={(event) => setLanguages((current) => ({ ...current, source: event.target.value }))}
          >
            {sources.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </label>
        {/* Without JavaScript the swap posts the form, files included: they are held and listed again (issue 19). */}
        <button type="submit" name="intent" value="swap" className="swap-button" aria-label={t('upload.swap')} onClick={swap}>
          ⇄
        </button>
        <label>
          {t('upload.target')}
          <select
            name="target_language"
            value={languages.target}
            onChange={(event) => setLanguages((current) => ({ ...current, target: event.target.value }))}
          >
            {targets.map((code) => (
              <option key={code} value={code}>
                {languageName(code)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('upload.domain')}
          {/* keyed by the pair: a new pair starts at its first system (General first) */}
          <select name="mt_system" key={`${languages.source}-${languages.target}`} defaultValue={offered[0]?.id ?? ''}>
            {offered.map((system) => (
              <option key={system.id} value={system.id}>
                {t('mt.systemOption', { domain: t(`common:mtDomains.${system.domain}`, { defaultValue: system.domain }), title: system.title })}
              </option>
            ))}
            <option value="">{offered.length === 0 ? t('mt.noSystems') : t('mt.withoutMt')}</option>
          </select>
        </label>
        {hydrated ? null : (
          <button type="submit" name="intent" value="languages">
            {t('mt.showDomains')}
          </button>
        )}
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
          {t('upload.limits', { count: limits.max, max: limits.max, megabytes: limits.megabytes })}{' '}
          {/* Issue 51: the compact bar leaves the list of types to the full form (the file chooser accepts only them anyway). */}
          <span className="upload-types">{t('upload.hint', { types: accept.replaceAll(',', ', ') })}</span>
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
      {!hydrated && held.length > 0 ? (
        <fieldset>
          <legend>{t('upload.held')}</legend>
          {held.map((file) => (
            <label key={file.id} className="checkbox">
              <input type="checkbox" name="held" value={file.id} defaultChecked />
              {file.name}
            </label>
          ))}
        </fieldset>
      ) : null}
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
      {/* Issue 19: with JavaScript the page stays, so the result is announced here (without, the flash says it). */}
      <p className="visually-hidden" aria-live="polite">
        {queue.announced ? t('upload.done', { count: queue.announced.count }) : ''}
      </p>
    </Form>
  )
}

/**
 * A language the locale files do not name (an MT engine's, e.g. Spanish) in the interface language. Asked for every
 * language of every render (it is the texts' default), so each name is found once: making an Intl.DisplayNames took
 * 0.15 ms of the file list's server time (issue 53).
 */
function displayName(code: string, language: string): string {
  return keptOrMade(displayNames, `${language}\u0000${code}`, NAMES_KEPT, () => {
    try {
      return new Intl.DisplayNames([language], { type: 'language' }).of(code) ?? code
    } catch {
      return code
    }
  })
}

const displayNames = new Map<string, string>()
const NAMES_KEPT = 1_000

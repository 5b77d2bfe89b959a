import { QA_CHECKS } from '~/lib/qa/qa-kinds'
import { MAX_LENGTH_SETTING } from '~/lib/translator/settings-form'
import { Form, Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { InfoNote } from '~/components/flash-message'
import { clampFontSize, MAX_FONT_SIZE, MIN_FONT_SIZE } from '~/lib/projects/font-size'
import type { PostedSettings } from '~/lib/translator/settings-form'
import { Icon, type IconName } from '../icons'
import { MemoryChoices, type MemoryChoiceRow } from '../memory-choices'
import type { TranslatorPlace } from '~/lib/projects/translator-url'
import { PlaceFields } from './find-replace'
import { caretInActiveSource, caretInActiveTarget } from './source-caret'

/** The active segment's form; toolbar buttons submit it through the `form` attribute (no JavaScript needed). */
export const SEGMENT_FORM = 'segment-form'

/** SPEC §2 toolbar order: previous and next unconfirmed, confirm, clear, copy source (plus save draft). */
export const segmentActions: {
  intent: string
  label: string
  /** Issue 19: an icon beside the text; below 1400 px the icon alone shows (the text stays the button's name). */
  icon: IconName
  hotkey?: string
  primary?: boolean
  /** Its text shown at every width (issue 52: the revision's actions, fewer, have room). */
  labelled?: boolean
}[] = [
  { intent: 'previous', label: 'actions.previous', icon: 'up', hotkey: 'previous' },
  { intent: 'next', label: 'actions.next', icon: 'down', hotkey: 'next' },
  {
    intent: 'confirm',
    label: 'actions.confirm',
    icon: 'check',
    hotkey: 'confirm',
    primary: true,
  },
  { intent: 'save-draft', label: 'actions.saveDraft', icon: 'pencil' },
  { intent: 'clear', label: 'actions.clear', icon: 'cross', hotkey: 'clear' },
  { intent: 'copy-source', label: 'actions.copySource', icon: 'copySource', hotkey: 'copy-source' },
  { intent: 'split', label: 'split.split', icon: 'scissors', hotkey: 'split' },
  { intent: 'merge', label: 'split.merge', icon: 'merge', hotkey: 'merge' },
]

/**
 * Issue 52 point 4, a page that revises: previous and next unrevised, approve (Ctrl+Enter, as a confirm), reject, and
 * the reviewer's edit saved (the status stays).
 */
export const reviseActions: typeof segmentActions = [
  { intent: 'previous', label: 'revise.previous', icon: 'up', hotkey: 'previous' },
  { intent: 'next', label: 'revise.next', icon: 'down', hotkey: 'next' },
  { intent: 'approve', label: 'revise.approve', icon: 'check', hotkey: 'confirm', primary: true },
  { intent: 'reject', label: 'revise.reject', icon: 'flag', labelled: true },
  { intent: 'save-draft', label: 'revise.saveEdit', icon: 'pencil' },
]

/**
 * Split at the caret when it stands in the active source, or (issue 51) at the place matching it when it stands in the
 * translation; otherwise the form's word field decides.
 */
function rememberSplitCaret(event: React.MouseEvent<HTMLButtonElement>) {
  const form = event.currentTarget.form
  if (!form) return
  const inSource = caretInActiveSource(form)
  const caret = (name: string, offset: number | undefined) => {
    const field = form.elements.namedItem(name)
    if (field instanceof HTMLInputElement) field.value = String(offset ?? '')
  }
  caret('splitAt', inSource)
  caret('splitTargetAt', inSource === undefined ? caretInActiveTarget(form) : undefined)
}

/**
 * Issue 51, with JavaScript: a step of the font size is shown at once and posted as the size it makes, so that two quick
 * presses make two steps (each relative post read the same cookie). The page's size is the translator's data attribute.
 */
function stepFontSize(step: number) {
  return (event: React.MouseEvent<HTMLButtonElement>) => {
    const translator = event.currentTarget.closest<HTMLElement>('.translator')
    const shown = Number(translator?.dataset.fontSize)
    if (!translator || !Number.isFinite(shown)) return
    const next = clampFontSize(shown + step)
    translator.dataset.fontSize = String(next)
    event.currentTarget.value = `font-size:${next}`
  }
}

function closeMenu(event: React.FormEvent<HTMLFormElement>) {
  event.currentTarget.closest('details')?.removeAttribute('open')
}

interface ToolbarProps {
  base: string
  downloads: { original: string; translated: string }
  /** The active segment: its actions are offered, and a settings post without a session is kept for it. */
  activeId: number | undefined
  fontSize: number
  updateMt: boolean
  /** Issue 58: a confirm fills the segment's repetitions. */
  propagate: boolean
  /** Issue 58: the characters each segment's translation may hold; null: no limit. */
  maxLength: number | null
  /** SPEC §2: the project's memories with read/write checkboxes, saved for this project only. */
  memories: MemoryChoiceRow[]
  /** Issue 17: the project's glossaries, chosen the same way. */
  glossaries: MemoryChoiceRow[]
  /** Issue 6: the project's MT system, the systems for its languages, and whether the system learns from feedback. */
  mt: { systemId: string | null; systems: { id: string; title: string; domain: string }[]; acceptsFeedback: boolean }
  /** Issue 17: the quality checks the project turned off, and its QA report. */
  qa: { off: readonly string[]; report: string }
  /** Where font-size and settings forms come back to. */
  here: string
  /** Settings posted after the session ended, back in the open menu after signing in again (kept-text.server.ts). */
  kept?: PostedSettings
  /** Issue 58: the page's place (its search and filter, which a copy of the source comes back to). */
  place: TranslatorPlace
  /** Issue 52 point 4: the page revises: the revision's actions instead of the translator's. */
  revising: boolean
  /** Issue 58: the last copy of the source to every empty segment, while it can be undone. */
  lastCopy: { id: number; changed: number } | undefined
}

/** The settings as the page shows them: the stored ones, or those posted before the session ended. */
function shownSettings({ updateMt, propagate, maxLength, memories, glossaries, qa, kept }: ToolbarProps) {
  if (!kept) return { updateMt, propagate, maxLength, memories, glossaries, qaOff: qa.off }
  const ticked = (rows: MemoryChoiceRow[], choices: PostedSettings['memories']) =>
    rows.map((row) => {
      const choice = choices.find((each) => each.id === row.id)
      return choice ? { ...row, read: choice.read, write: choice.write } : row
    })
  return {
    updateMt: kept.updateMt,
    propagate: kept.propagate,
    maxLength: kept.maxLength === undefined ? maxLength : kept.maxLength,
    memories: ticked(memories, kept.memories),
    glossaries: ticked(glossaries, kept.glossaries),
    qaOff: kept.qaOff,
  }
}

/**
 * SPEC §2 translator toolbar: back, segment actions, pretranslate and download menus, settings, font size.
 * Menus are <details> elements: they open with the keyboard and without scripts.
 */
export function Toolbar(props: ToolbarProps) {
  const { base, downloads, activeId, fontSize, mt, qa, here, kept, place, lastCopy, revising } = props
  const hasActive = activeId !== undefined
  const { updateMt, propagate, maxLength, memories, glossaries, qaOff } = shownSettings(props)
  const { t } = useTranslation('translate')
  const qaT = useTranslation('qa').t
  // Issue 6: shown disabled where the project's engine does not learn from translations (Apertium); without a
  // system the choice stays open, for a system chosen later.
  const feedbackRefused = mt.systemId !== null && !mt.acceptsFeedback
  return (
    <div className="translator-toolbar" role="group" aria-label={t('toolbar.label')}>
      {/* Issue 51: short on screen, whole for a screen reader (and the tooltip). */}
      <Link to="/" className="toolbar-back" title={t('backToFiles')}>
        <span aria-hidden="true">←</span> {t('filesShort')}
        <span className="visually-hidden"> — {t('backToFiles')}</span>
      </Link>
      <span className="toolbar-group">
        {(revising ? reviseActions : segmentActions).map(({ intent, label, icon, hotkey, primary, labelled }) => (
          <button
            key={intent}
            type="submit"
            form={SEGMENT_FORM}
            name="intent"
            value={intent}
            data-hotkey={hotkey}
            disabled={!hasActive}
            onClick={intent === 'split' ? rememberSplitCaret : undefined}
            className={primary ? 'tool-button button-primary' : labelled ? 'tool-button tool-labelled' : 'tool-button'}
            title={t(label)}
          >
            <span className="tool-icon" aria-hidden="true">
              <Icon name={icon} />
            </span>
            <span className="tool-text">{t(label)}</span>
          </button>
        ))}
      </span>
      <details className="toolbar-menu">
        <summary>{t('toolbar.pretranslate')}</summary>
        <div className="menu-body">
          {/* A chosen action closes the menu, as the page reload does without JavaScript. */}
          <Form method="post" action={base} onSubmit={closeMenu}>
            <input type="hidden" name="back" value={here} />
            {mt.systemId ? null : (
              <p id="pretranslate-note" className="hint">
                {t('mt.chooseSystemFirst')}
              </p>
            )}
            <button type="submit" name="intent" value="pretranslate-mt" disabled={!mt.systemId} aria-describedby={mt.systemId ? undefined : 'pretranslate-note'}>
              {t('toolbar.pretranslateMt')}
            </button>
            <button type="submit" name="intent" value="pretranslate-tm">
              {t('toolbar.pretranslateTm')}
            </button>
          </Form>
          {/* Issue 58: the source into every empty segment, as drafts; undone as one step. */}
          <Form method="post" action={base} onSubmit={closeMenu}>
            {hasActive ? <input type="hidden" name="segmentId" value={activeId} /> : null}
            <PlaceFields place={place} />
            <button type="submit" name="intent" value="copy-source-all">
              {t('copySourceAll.button')}
            </button>
            {lastCopy ? (
              <>
                <input type="hidden" name="batchId" value={lastCopy.id} />
                <button type="submit" name="intent" value="replace-undo">
                  {t('copySourceAll.undo', { count: lastCopy.changed })}
                </button>
              </>
            ) : null}
          </Form>
        </div>
      </details>
      <details className="toolbar-menu">
        <summary>{t('toolbar.download')}</summary>
        <ul className="menu-body">
          <li>
            <a href={downloads.original} download>
              {t('toolbar.downloadOriginal')}
            </a>
          </li>
          <li>
            <a href={downloads.translated} download>
              {t('toolbar.downloadTranslated')}
            </a>
          </li>
        </ul>
      </details>
      <Link to={qa.report} className="toolbar-link">
        {qaT('report.link')}
      </Link>
      <details className="toolbar-menu">
        <summary>{t('mt.menu')}</summary>
        {/* SPEC §2 the translator's MT system selector: the project's system (issue 6 settings/save-mt-system) */}
        <Form method="post" action={base} className="menu-body">
          <input type="hidden" name="back" value={here} />
          <label>
            {t('mt.system')}
            <select name="mtSystem" defaultValue={mt.systemId ?? ''}>
              {mt.systems.map((system) => (
                <option key={system.id} value={system.id}>
                  {t('mt.systemOption', { domain: t(`common:mtDomains.${system.domain}`, { defaultValue: system.domain }), title: system.title })}
                </option>
              ))}
              {mt.systemId && !mt.systems.some((system) => system.id === mt.systemId) ? (
                <option value={mt.systemId}>{t('mt.systemGone', { id: mt.systemId })}</option>
              ) : null}
              <option value="">{mt.systems.length === 0 ? t('mt.noSystems') : t('mt.withoutMt')}</option>
            </select>
          </label>
          <button type="submit" name="intent" value="save-mt-system">
            {t('mt.saveSystem')}
          </button>
        </Form>
      </details>
      <details className="toolbar-menu" open={kept !== undefined}>
        <summary>{t('toolbar.settings')}</summary>
        <Form method="post" action={base} className="menu-body">
          <input type="hidden" name="back" value={here} />
          {hasActive ? <input type="hidden" name="segmentId" value={activeId} /> : null}
          {kept ? <InfoNote>{t('toolbar.settingsKept')}</InfoNote> : null}
          <p className="hint">{t('toolbar.settingsScope')}</p>
          <label className="checkbox">
            <input
              type="checkbox"
              name="updateMt"
              defaultChecked={updateMt}
              disabled={feedbackRefused}
              aria-describedby={feedbackRefused ? 'update-mt-note' : undefined}
            />
            {t('toolbar.updateMt')}
          </label>
          {feedbackRefused ? (
            <>
              {/* a disabled box is not posted: the choice is kept for a system that accepts it */}
              {updateMt ? <input type="hidden" name="updateMt" value="on" /> : null}
              <p id="update-mt-note" className="hint">
                {t('mt.feedbackNotSupported')}
              </p>
            </>
          ) : null}
          <label className="checkbox">
            <input type="checkbox" name="propagate" defaultChecked={propagate} />
            {t('toolbar.propagate')}
          </label>
          <label className="max-length">
            {t('toolbar.maxLength')}
            <input type="number" name="maxLength" min={1} max={MAX_LENGTH_SETTING} step={1} defaultValue={maxLength ?? ''} aria-describedby="max-length-hint" />
          </label>
          <p id="max-length-hint" className="hint">
            {t('toolbar.maxLengthHint')}
          </p>
          <MemoryChoices memories={memories} idPrefix="project" />
          <MemoryChoices memories={glossaries} idPrefix="project-glossary" kind="glossaries" />
          <fieldset className="qa-checks">
            <legend>{qaT('settings.legend')}</legend>
            <p className="hint">{qaT('settings.hint')}</p>
            {QA_CHECKS.map((check) => (
              <label key={check} className="checkbox">
                <input type="checkbox" name="qaCheck" value={check} defaultChecked={!qaOff.includes(check)} />
                {qaT(`check.${check}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" name="intent" value="project-settings">
            {t('toolbar.saveSettings')}
          </button>
        </Form>
      </details>
      <Form method="post" action={base} className="toolbar-group font-size" aria-label={t('font.label')}>
        <input type="hidden" name="back" value={here} />
        <button
          type="submit"
          name="intent"
          value="font-size:smaller"
          data-hotkey="font-smaller"
          disabled={fontSize <= MIN_FONT_SIZE}
          aria-label={t('font.smaller')}
          onClick={stepFontSize(-1)}
        >
          A−
        </button>
        <output aria-label={t('font.current')}>{fontSize}</output>
        <button
          type="submit"
          name="intent"
          value="font-size:larger"
          data-hotkey="font-larger"
          disabled={fontSize >= MAX_FONT_SIZE}
          aria-label={t('font.larger')}
          onClick={stepFontSize(1)}
        >
          A+
        </button>
        <button type="submit" name="intent" value="font-size:reset" aria-label={t('font.reset')} title={t('font.reset')}>
          <Icon name="reset" />
        </button>
      </Form>
    </div>
  )
}

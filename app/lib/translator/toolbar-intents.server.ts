import { redirect } from '@remix-run/node'
import { fontSizeHeader, readFontSize } from '../projects/font-size.server'
import { saveMtSystem, startMtPretranslation } from '../mt/project-mt.server'
import { changeFontSize, clampFontSize, type FontSizeChange } from '../projects/font-size'
import { saveProjectSettings } from '../projects/project-settings.server'
import { startTmPretranslation } from '../tm/project-tm.server'
import type { IntentContext } from './intent-context.server'
import { MAX_LENGTH_SETTING, settingsFromForm } from './settings-form'

/** The toolbar's forms: each answers with a redirect back to the page it was posted from. */

/**
 * `font-size:larger|smaller|reset`: the segment text size, kept in a cookie; or `font-size:<n>`, the size itself, which
 * the page sends with JavaScript (issue 51: two quick Ctrl+Shift+↓ both read the same cookie and made one step).
 */
export async function fontSizeIntent({ request, intent, backHere }: IntentContext): Promise<never> {
  const change = intent.slice('font-size:'.length)
  const size = /^\d{1,2}$/.test(change)
    ? clampFontSize(Number(change))
    : changeFontSize(await readFontSize(request), ['larger', 'smaller', 'reset'].includes(change) ? (change as FontSizeChange) : 'reset')
  throw redirect(backHere, { headers: { 'Set-Cookie': await fontSizeHeader(size, request) } })
}

/** `pretranslate-tm`, `pretranslate-mt` (SPEC §4 "Pretranslate"): the page shows the wait until the task is done. */
export async function pretranslateIntent({ intent, project, backHere, flash }: IntentContext): Promise<never> {
  const withMt = intent === 'pretranslate-mt'
  const started = withMt ? await startMtPretranslation(project.id) : await startTmPretranslation(project.id)
  const why = withMt && !project.mtSystemId ? 'translate:mt.noSystem' : 'translate:toolbar.pretranslateBusy'
  throw redirect(backHere, { headers: started ? {} : await flash({ kind: 'error', key: why }) })
}

/** `save-mt-system`: the project's MT system (SPEC §7 settings/save-mt-system's function). */
export async function mtSystemIntent({ form, project, backHere, flash }: IntentContext): Promise<never> {
  const saved = await saveMtSystem(project, String(form.get('mtSystem') ?? ''))
  throw redirect(backHere, {
    headers: await flash(saved ? { kind: 'success', key: 'translate:mt.systemSaved' } : { kind: 'error', key: 'translate:mt.unknownSystem' }),
  })
}

/**
 * `project-settings`: the file's memories and glossaries to read and write, whether confirmed segments improve its
 * MT, and its QA checks.
 */
export async function projectSettingsIntent({ form, project, backHere, flash }: IntentContext): Promise<never> {
  const settings = settingsFromForm(form)
  if (settings.invalidMaxLength) {
    throw redirect(backHere, { headers: await flash({ kind: 'error', key: 'translate:toolbar.maxLengthInvalid', values: { max: MAX_LENGTH_SETTING } }) })
  }
  await saveProjectSettings(project, settings)
  throw redirect(backHere, { headers: await flash({ kind: 'success', key: 'translate:toolbar.settingsSaved' }) })
}

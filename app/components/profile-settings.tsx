import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { MemoryChoices, type MemoryChoiceRow } from './memory-choices'
import { useRootData } from './use-root-data'

/**
 * SPEC §2 settings panel (profile scope): a native disclosure, so it opens without JavaScript.
 * The memories' and glossaries' read/write defaults are saved by the same Save.
 */
export function ProfileSettingsPanel({ memories, glossaries }: { memories: MemoryChoiceRow[]; glossaries: MemoryChoiceRow[] }) {
  const { t } = useTranslation('files')
  const root = useRootData()
  const navigation = useNavigation()
  const profile = root?.profile
  return (
    <details className="settings-panel">
      <summary>{t('settings.title')}</summary>
      {root?.profileFailed ? (
        <p role="status" className="flash flash-error">
          {t('settings.loadFailed')}
        </p>
      ) : null}
      <Form method="post" action="/?index" className="stack">
        <fieldset>
          <legend>{t('settings.pretranslateLegend')}</legend>
          <label className="checkbox">
            <input type="checkbox" name="tmPretranslate" defaultChecked={profile?.tmPretranslate} />
            {t('settings.tmPretranslate')}
          </label>
          <label className="checkbox">
            <input type="checkbox" name="mtPretranslate" defaultChecked={profile?.mtPretranslate} />
            {t('settings.mtPretranslate')}
          </label>
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" name="updateMt" defaultChecked={profile?.updateMt} />
          {t('settings.updateMt')}
        </label>
        <MemoryChoices memories={memories} idPrefix="profile" />
        <MemoryChoices memories={glossaries} idPrefix="profile-glossary" kind="glossaries" />
        <button type="submit" name="intent" value="save-settings" disabled={navigation.state === 'submitting'}>
          {t('settings.save')}
        </button>
      </Form>
      <p>
        <Link to="/settings/tokens">{t('settings.accessTokens')}</Link>
      </p>
    </details>
  )
}

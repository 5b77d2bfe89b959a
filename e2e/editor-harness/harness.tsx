/**
 * A blank page with the editor on it, for e2e/editor.spec.ts: bundled with esbuild in the test and loaded with
 * page.setContent, so the component is tested in a real browser before any route mounts it.
 */
import i18next from 'i18next'
import { StrictMode, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { TaggedText } from '~/components/editor/tagged-text'
import { TagEditor, type TagEditorHandle, type UnusedTag } from '~/components/editor/tag-editor'
import { UnusedTags } from '~/components/editor/unused-tags'
import editorLv from '../../public/locales/lv/editor.json'

interface Harness {
  source: string
  target: string
  changes: string[]
  invalid: number
  keys: string[]
  editor?: TagEditorHandle | null
}

declare global {
  interface Window {
    harness: Harness
  }
}

const harness = window.harness

function Page() {
  const editor = useRef<TagEditorHandle>(null)
  const [value, setValue] = useState(harness.target)
  const [unused, setUnused] = useState<UnusedTag[]>([])
  harness.editor = editor.current
  return (
    <main>
      <h1>Redaktors</h1>
      <p id="source">
        <TaggedText text={harness.source} lang="en" />
      </p>
      <p id="target-label">Tulkojums</p>
      <TagEditor
        ref={(handle) => {
          ;(editor as { current: TagEditorHandle | null }).current = handle
          harness.editor = handle
        }}
        value={value}
        source={harness.source}
        labelledBy="target-label"
        lang="lv"
        onChange={(next) => {
          harness.changes.push(next)
          setValue(next)
        }}
        onInvalid={() => harness.invalid++}
        onUnusedTagsChange={setUnused}
        onKeyDown={(event) => harness.keys.push(`${event.ctrlKey ? 'Ctrl+' : ''}${event.shiftKey ? 'Shift+' : ''}${event.key}`)}
      />
      <UnusedTags tags={unused} onInsert={(n) => editor.current?.insertUnusedTag(n)} />
      <button type="button" onClick={() => setValue('')}>
        Notīrīt
      </button>
      <output id="value">{value}</output>
    </main>
  )
}

void i18next
  .use(initReactI18next)
  .init({ lng: 'lv', resources: { lv: { editor: editorLv } }, interpolation: { escapeValue: false }, react: { useSuspense: false } })
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <I18nextProvider i18n={i18next}>
          <Page />
        </I18nextProvider>
      </StrictMode>,
    )
  })

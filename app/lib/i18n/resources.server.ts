import type { Resource } from 'i18next'
import enComments from '../../../public/locales/en/comments.json'
import enEditor from '../../../public/locales/en/editor.json'
import enMemories from '../../../public/locales/en/memories.json'
import lvMemories from '../../../public/locales/lv/memories.json'
import ruMemories from '../../../public/locales/ru/memories.json'
import lvComments from '../../../public/locales/lv/comments.json'
import lvEditor from '../../../public/locales/lv/editor.json'
import ruComments from '../../../public/locales/ru/comments.json'
import ruEditor from '../../../public/locales/ru/editor.json'
import enAuth from '../../../public/locales/en/auth.json'
import enCommon from '../../../public/locales/en/common.json'
import enFiles from '../../../public/locales/en/files.json'
import enTranslate from '../../../public/locales/en/translate.json'
import lvAuth from '../../../public/locales/lv/auth.json'
import lvCommon from '../../../public/locales/lv/common.json'
import lvFiles from '../../../public/locales/lv/files.json'
import lvTranslate from '../../../public/locales/lv/translate.json'
import ruAuth from '../../../public/locales/ru/auth.json'
import ruCommon from '../../../public/locales/ru/common.json'
import ruFiles from '../../../public/locales/ru/files.json'
import ruTranslate from '../../../public/locales/ru/translate.json'
import enSuggestions from '../../../public/locales/en/suggestions.json'
import lvSuggestions from '../../../public/locales/lv/suggestions.json'
import ruSuggestions from '../../../public/locales/ru/suggestions.json'
import enGlossaries from '../../../public/locales/en/glossaries.json'
import lvGlossaries from '../../../public/locales/lv/glossaries.json'
import ruGlossaries from '../../../public/locales/ru/glossaries.json'
import enQa from '../../../public/locales/en/qa.json'
import lvQa from '../../../public/locales/lv/qa.json'
import ruQa from '../../../public/locales/ru/qa.json'

/** Server-side translations are bundled; the browser loads the same files from /locales. */
export const resources: Resource = {
  lv: { common: lvCommon, auth: lvAuth, files: lvFiles, translate: lvTranslate, comments: lvComments, editor: lvEditor, memories: lvMemories, suggestions: lvSuggestions, glossaries: lvGlossaries, qa: lvQa },
  en: { common: enCommon, auth: enAuth, files: enFiles, translate: enTranslate, comments: enComments, editor: enEditor, memories: enMemories, suggestions: enSuggestions, glossaries: enGlossaries, qa: enQa },
  ru: { common: ruCommon, auth: ruAuth, files: ruFiles, translate: ruTranslate, comments: ruComments, editor: ruEditor, memories: ruMemories, suggestions: ruSuggestions, glossaries: ruGlossaries, qa: ruQa },
}

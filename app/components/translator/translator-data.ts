import type { SerializeFrom } from '@remix-run/node'
import type { translatorPage } from '~/lib/translator/translator-page.server'
import type { ConflictAnswer } from '~/lib/translator/segment-form.server'

/** The translator's page as the browser gets it (translator-page.server.ts): the analysis wait or the translator. */
export type TranslatorData = SerializeFrom<typeof translatorPage>

/**
 * The translator itself, once the file is analysed; `conflict`: issue 52, a save posted as a page (without JavaScript,
 * or a move) refused for someone else's change — the action's answer, with both texts.
 */
export type Loaded = Exclude<TranslatorData, { analysing: true }> & { conflict?: ConflictAnswer['conflict'] }

/** A segment of the window with the glossary terms found in its source (issue 17) and its QA warnings. */
export type MarkedSegment = Loaded['segments'][number]

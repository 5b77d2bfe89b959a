import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { AnalysingWait, BrokenFile, Translator, useHotkeys } from '~/components/translator/translator'
import { formOf } from '~/lib/http/form.server'
import { COMMENT_INTENTS, commentAction } from '~/lib/projects/comments.server'
import { requireUserAndProject } from '~/lib/projects/projects.server'
import { isSplitMergeIntent, splitOrMerge } from '~/lib/projects/split-merge-form.server'
import { intentContext } from '~/lib/translator/intent-context.server'
import { keepPostedText } from '~/lib/translator/kept-text.server'
import { moveIntent } from '~/lib/translator/move-intent.server'
import { isReplaceIntent, replaceIntent } from '~/lib/translator/replace-intent.server'
import { restoreIntent } from '~/lib/translator/restore-intent.server'
import { isReviseIntent, reviseIntent } from '~/lib/translator/revise-intent.server'
import { saveIntent } from '~/lib/translator/save-intent.server'
import { suggestionIntent } from '~/lib/translator/suggestion-intent.server'
import { addTermIntent, termIntent } from '~/lib/translator/term-intent.server'
import { fontSizeIntent, mtSystemIntent, pretranslateIntent, projectSettingsIntent } from '~/lib/translator/toolbar-intents.server'
import { translatorPage } from '~/lib/translator/translator-page.server'

export const handle = { i18n: ['common', 'files', 'translate', 'comments', 'editor', 'memories', 'suggestions', 'glossaries', 'qa'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user, project } = await requireUserAndProject(request, context, params)
  return translatorPage(request, user, project)
}

/** The segment intents, each handled by its module in app/lib/translator (issue 16: the route only dispatches). */
const MOVES = /^(next|previous|move:\d+)$/
const USES = /^(use-mt|use:\d+)$/
const TERMS = /^term:\d+:\d+$/
const SAVES = new Set(['save-draft', 'confirm', 'clear', 'copy-source'])
const RESTORES = /^restore:\d+$/

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { user, project } = await requireUserAndProject(request, context, params, (userId) => keepPostedText(request, params, userId))
  const posted = intentContext(request, user, project, await formOf(request))
  const { intent } = posted
  if (intent.startsWith('font-size:')) return fontSizeIntent(posted)
  if ((COMMENT_INTENTS as readonly string[]).includes(intent)) return commentAction(project, user, posted.form)
  if (intent === 'pretranslate-tm' || intent === 'pretranslate-mt') return pretranslateIntent(posted)
  if (intent === 'save-mt-system') return mtSystemIntent(posted)
  if (intent === 'project-settings') return projectSettingsIntent(posted)
  if (isSplitMergeIntent(intent)) return splitOrMerge(project, posted.fields, request, posted.at)
  if (isReplaceIntent(intent)) return replaceIntent(posted)
  if (MOVES.test(intent)) return moveIntent(posted)
  if (USES.test(intent)) return suggestionIntent(posted)
  if (TERMS.test(intent)) return termIntent(posted)
  if (intent === 'add-term') return addTermIntent(posted)
  if (isReviseIntent(intent) || (intent === 'confirm' && posted.revising)) return reviseIntent(posted.revising && intent === 'confirm' ? { ...posted, intent: 'approve' } : posted)
  if (SAVES.has(intent)) return saveIntent(posted)
  if (RESTORES.test(intent)) return restoreIntent(posted)
  throw redirect(posted.base)
}

export default function Translate() {
  const loaded = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  useHotkeys()
  if (loaded.analysing && loaded.broken) return <BrokenFile name={loaded.name} reason={loaded.broken} deleteHref={loaded.deleteHref} />
  if (loaded.analysing) return <AnalysingWait name={loaded.name} pretranslating={loaded.pretranslating} done={loaded.done} total={loaded.total} />
  // Issue 52: a save refused for a colleague's change comes back with both texts, in the segment's editor.
  const shown = answer && 'conflict' in answer && !loaded.analysing ? { ...loaded, conflict: answer.conflict } : loaded
  return <Translator loaded={shown} commentsAnswer={answer && 'comments' in answer ? answer.comments : undefined} />
}

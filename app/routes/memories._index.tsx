import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { LanguageSelect } from '~/components/language-select'
import { MemoryTable } from '~/components/memory-table'
import { usePollWhilePending } from '~/components/use-poll-while-pending'
import { requireUser } from '~/lib/auth/session.server'
import { setFlash, type Flash } from '~/lib/http/flash.server'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'
import { formatNumber } from '~/lib/i18n/format'
import { defaultSource, defaultTarget, sourceLanguages, targetLanguages } from '~/lib/projects/languages'
import { createMemory, renameMemory, setMemoryLocked } from '~/lib/tm/memories.server'
import { listMemoriesWithCounts, memoryFormSchema } from '~/lib/tm/memory-page.server'
import type { TmxSkipCode } from '~/lib/tm/tmx'
import {
  importPercent,
  isImportPending,
  listImports,
  receiveTmxUpload,
  tmxUploadMaxBytes,
  type TmxImport,
  type TmxUploadError,
} from '~/lib/tm/tmx-import.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'files', 'memories'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const [memories, imports] = await Promise.all([listMemoriesWithCounts(user.id), listImports(user.id)])
  const t = await getFixedT(request, 'memories')
  return {
    title: t('title'),
    language: await getLanguage(request),
    memories,
    imports: imports.map((job) => ({ ...job, percent: importPercent(job) })),
    pending: imports.some(isImportPending),
    maxMegabytes: Math.round(tmxUploadMaxBytes() / (1024 * 1024)),
  }
}

type ActionError = { code: 'invalid-form' | 'same-languages' | 'not-found' } | { code: TmxUploadError }

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const fail = (error: ActionError) => data({ error }, { status: error.code === 'not-found' ? 404 : 400 })
  const done = async (flash: Flash) => {
    throw redirect('/memories', { headers: { 'Set-Cookie': await setFlash(flash, request) } })
  }
  if ((request.headers.get('Content-Type') ?? '').startsWith('multipart/form-data')) {
    const upload = await receiveTmxUpload(request, user.id)
    if (!upload.ok) return fail({ code: upload.code })
    return done({ kind: 'success', key: 'memories:import.queued', values: { name: upload.memoryName } })
  }
  const parsed = memoryFormSchema.safeParse(Object.fromEntries(await formOf(request)))
  if (!parsed.success) return fail({ code: 'invalid-form' })
  const form = parsed.data
  switch (form.intent) {
    case 'create': {
      if (form.sourceLang === form.targetLang) return fail({ code: 'same-languages' })
      const memory = await createMemory(user.id, form)
      return done({ kind: 'success', key: 'memories:create.done', values: { name: memory.name } })
    }
    case 'rename':
      if (!(await renameMemory(user.id, form.memoryId, form.name))) return fail({ code: 'not-found' })
      return done({ kind: 'success', key: 'memories:rename.done', values: { name: form.name } })
    case 'lock':
    case 'unlock':
      if (!(await setMemoryLocked(user.id, form.memoryId, form.intent === 'lock'))) return fail({ code: 'not-found' })
      return done({ kind: 'success', key: form.intent === 'lock' ? 'memories:lock.done' : 'memories:unlock.done' })
  }
}

export default function Memories() {
  const { title, language, memories, imports, pending, maxMegabytes } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useTranslation(['memories', 'files'])
  usePollWhilePending(pending)
  const writable = memories.filter((memory) => memory.canUpdate)
  const busy = navigation.state === 'submitting'
  return (
    <section className="memories-page stack" aria-labelledby="memories-title">
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <div className="page-heading">
        <h1 id="memories-title">{title}</h1>
        <Link to="/">{t('memories:backToFiles')}</Link>
      </div>
      {actionData?.error ? (
        <div className="form-error" role="alert">
          {t(`memories:errors.${actionData.error.code}`, { megabytes: maxMegabytes })}
        </div>
      ) : null}
      {memories.length === 0 ? <p className="empty-state">{t('memories:empty')}</p> : <MemoryTable memories={memories} language={language} />}

      <section aria-labelledby="create-memory-title" className="memory-form">
        <h2 id="create-memory-title">{t('memories:create.title')}</h2>
        <Form method="post" className="stack">
          <label>
            {t('memories:create.name')}
            <input name="name" required maxLength={100} />
          </label>
          <LanguageSelect id="create-source" name="sourceLang" label={t('memories:create.source')} languages={sourceLanguages} defaultValue={defaultSource} />
          <LanguageSelect id="create-target" name="targetLang" label={t('memories:create.target')} languages={targetLanguages} defaultValue={defaultTarget} />
          <button type="submit" name="intent" value="create" disabled={busy}>
            {t('memories:create.button')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="import-title" className="memory-form">
        <h2 id="import-title">{t('memories:import.title')}</h2>
        {writable.length === 0 ? (
          <p className="hint">{t('memories:import.noWritable')}</p>
        ) : (
          <Form method="post" encType="multipart/form-data" className="stack">
            <label htmlFor="import-memory">{t('memories:import.memory')}</label>
            <select id="import-memory" name="memoryId">
                {writable.map((memory) => (
                  <option key={memory.id} value={memory.id}>
                    {memory.name} ({memory.sourceLang} → {memory.targetLang})
                  </option>
                ))}
            </select>
            <label htmlFor="import-file">{t('memories:import.file')}</label>
            <input id="import-file" type="file" name="file" accept=".tmx,.gz,.zip" required aria-describedby="import-hint" />
            <p id="import-hint" className="hint">
              {t('memories:import.hint', { megabytes: maxMegabytes })}
            </p>
            <button type="submit" disabled={busy}>
              {t('memories:import.button')}
            </button>
          </Form>
        )}
      </section>

      {imports.length > 0 ? (
        <section aria-labelledby="imports-title">
          <h2 id="imports-title">{t('memories:imports.title')}</h2>
          <ul className="import-list" aria-live="polite">
            {imports.map((job) => (
              <ImportItem key={job.id} job={job} language={language} />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  )
}

const skipCodes: TmxSkipCode[] = ['no-variant-for-pair', 'empty-segment', 'invalid-inline-codes', 'segment-too-long']

/** Issue 5: an import's progress, then its report — units imported, skipped and why. */
function ImportItem({ job, language }: { job: TmxImport & { percent: number }; language: string }) {
  const { t } = useTranslation('memories')
  const number = (value: number) => formatNumber(value, language)
  const report = job.report
  return (
    <li className="import-item" data-status={job.status}>
      <p>
        <strong>{job.fileName}</strong> → {job.memoryName}
      </p>
      {job.status === 'queued' || job.status === 'running' ? (
        <label>
          {report?.error
            ? t('imports.undoing')
            : t('imports.importing', { count: job.unitsRead, number: number(job.unitsRead) })}
          <progress max={100} value={job.percent} />
        </label>
      ) : null}
      {job.status === 'failed' ? (
        <p className="form-error">
          {t(`imports.errors.${report?.error?.code ?? 'import-failed'}`, {
            defaultValue: t('imports.errors.import-failed'),
          })}{' '}
          {report?.error?.code === 'import-failed' ? null : t('imports.nothingChanged')}
        </p>
      ) : null}
      {job.status === 'done' && report ? (
        <div>
          <p>
            {t('imports.imported', { count: report.imported, number: number(report.imported) })}{' '}
            {t('imports.skipped', { count: report.skipped, number: number(report.skipped) })}
          </p>
          {report.removedCharacters ? <p>{t('imports.removedNul', { count: report.removedCharacters, number: number(report.removedCharacters) })}</p> : null}
          {report.skipped > 0 ? (
            <ul>
              {skipCodes
                .filter((code) => report.skippedByCode[code] > 0)
                .map((code) => (
                  <li key={code}>
                    {t(`imports.skip.${code}`)}: {number(report.skippedByCode[code])}
                  </li>
                ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </li>
  )
}

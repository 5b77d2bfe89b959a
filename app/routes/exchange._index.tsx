import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ExchangeImportItem } from '~/components/exchange-import-item'
import { usePollWhilePending } from '~/components/use-poll-while-pending'
import { requireUser } from '~/lib/auth/session.server'
import { EXCHANGE_UPLOAD_MAX_BYTES, exchangeImportsOf, receiveExchangeUpload } from '~/lib/exchange/exchange-import.server'
import { setFlash } from '~/lib/http/flash.server'
import { formatDateTime } from '~/lib/i18n/format'
import { getFixedT, getLanguage } from '~/lib/i18n/i18n.server'

export const handle = { i18n: ['common', 'exchange'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const t = await getFixedT(request, 'exchange')
  const imports = await exchangeImportsOf(user.id)
  const language = await getLanguage(request)
  return {
    title: t('page.title'),
    language,
    imports: imports.map((job) => ({ ...job, createdAt: new Date(job.createdAt).toISOString(), added: formatDateTime(job.createdAt, language) })),
    pending: imports.some((job) => job.status === 'queued' || job.status === 'running'),
    megabytes: Math.round(EXCHANGE_UPLOAD_MAX_BYTES / (1024 * 1024)),
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const upload = await receiveExchangeUpload(request, user.id)
  if (!upload.ok) return data({ error: upload.code }, { status: upload.code === 'file-too-big' ? 413 : 400 })
  throw redirect('/exchange', {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'exchange:import.queued', values: { name: upload.upload.fileName } }, request) },
  })
}

/**
 * Issue 18 bilingual exchange: how to hand files to another CAT tool and take them back. The export is on the file
 * list (select files, choose XLIFF 1.2, XLIFF 2.0 or TMX); here a translated XLIFF comes back, and each import's report
 * says what changed and what was left alone.
 */
export default function ExchangePage() {
  const { title, language, imports, pending, megabytes } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const { t } = useTranslation('exchange')
  usePollWhilePending(pending)
  return (
    <section className="memories-page stack" aria-labelledby="exchange-title">
      {pending ? (
        <noscript>
          <meta httpEquiv="refresh" content="2" />
        </noscript>
      ) : null}
      <div className="page-heading">
        <h1 id="exchange-title">{title}</h1>
        <Link to="/">{t('page.backToFiles')}</Link>
      </div>
      <p>{t('page.intro')}</p>
      {actionData?.error ? (
        <div className="form-error" role="alert">
          {t(`uploadErrors.${actionData.error}`, { megabytes })}
        </div>
      ) : null}
      <section aria-labelledby="exchange-import-title" className="memory-form">
        <h2 id="exchange-import-title">{t('import.title')}</h2>
        <Form method="post" encType="multipart/form-data" className="stack">
          <label htmlFor="exchange-file">{t('import.file')}</label>
          <input id="exchange-file" type="file" name="file" accept=".xlf,.xliff,.xml" required aria-describedby="exchange-file-hint" />
          <p id="exchange-file-hint" className="hint">
            {t('import.hint', { megabytes })}
          </p>
          <label className="checkbox">
            <input type="checkbox" name="overwrite" /> <span>{t('import.overwrite')}</span>
          </label>
          <button type="submit" disabled={busy}>
            {t('import.button')}
          </button>
        </Form>
      </section>
      {imports.length > 0 ? (
        <section aria-labelledby="exchange-imports-title">
          <h2 id="exchange-imports-title">{t('imports.title')}</h2>
          <ul className="import-list" aria-live="polite">
            {imports.map((job) => (
              <ExchangeImportItem key={job.id} job={job} language={language} />
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  )
}

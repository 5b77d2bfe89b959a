import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { requireUser } from '~/lib/auth/session.server'
import { readSingleFileForm } from '~/lib/http/multipart.server'
import { setFlash } from '~/lib/http/flash.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { fileListAddress } from '~/lib/projects/file-list'
import { createProjectWithFile, requireOwnProject } from '~/lib/projects/projects.server'
import { checkFile, type UploadErrorCode } from '~/lib/projects/upload-rules'
import { uploadLimits } from '~/lib/projects/upload.server'
import { storeUpload } from '~/lib/threads/helper-thread.server'
import { wakeWorker } from '~/lib/jobs/wake.server'

export const handle = { i18n: ['common', 'files'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

/**
 * Issue 19: a new version of a file. It becomes a project with the same languages and machine translation; once it is
 * converted, the confirmed translations of segments whose source did not change are carried over and the earlier version
 * goes (pipeline.server.ts replaceEarlierVersion). A plain multipart form: the same with and without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const t = await getFixedT(request, 'files')
  const back = new URL(request.url).searchParams.get('back') ?? ''
  return { title: t('newVersion.title'), name: project.name, back, accept: uploadLimits().allowedExtensions.map((extension) => `.${extension}`).join(',') }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request)
  const project = await requireOwnProject(user.id, params)
  const limits = uploadLimits()
  const refuse = (code: UploadErrorCode) => data({ code }, { status: code === 'FileSizeTooBig' ? 413 : 400 })
  const form = await readSingleFileForm(request, limits.maxBytes)
  if (form.malformed || !form.file) return refuse('MissingFileName')
  const { file, tooBig, fields } = form
  const code = checkFile({ name: file.name, size: tooBig ? limits.maxBytes + 1 : file.bytes.byteLength }, limits)
  if (code) return refuse(code)
  const stored = await storeUpload(file.name, file.bytes)
  if ('refused' in stored) return refuse(stored.refused)
  await createProjectWithFile(
    {
      ownerId: user.id,
      name: file.name,
      format: stored.format,
      sourceLang: project.sourceLang,
      targetLang: project.targetLang,
      mtSystemId: project.mtSystemId ?? undefined,
      tmPretranslate: false,
      mtPretranslate: false,
      replacesId: project.id,
    },
    stored.fileId,
  )
  wakeWorker()
  throw redirect(fileListAddress(fields.get('back')?.[0]), {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'files:newVersion.queued', values: { name: project.name } }, request) },
  })
}

export default function NewVersion() {
  const { title, name, back, accept } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const busy = useNavigation().state === 'submitting'
  const { t } = useTranslation('files')
  return (
    <section className="confirm-page stack" aria-labelledby="new-version-title">
      <h1 id="new-version-title">{title}</h1>
      <p>{t('newVersion.intro', { name })}</p>
      {actionData?.code ? (
        <div className="form-error" role="alert">
          {t('upload.errorPrefix')} {t(`uploadErrors.${actionData.code}`)}
        </div>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="stack">
        <input type="hidden" name="back" value={back} />
        <div className="field">
          <label htmlFor="new-version-file">{t('newVersion.file')}</label>
          <input id="new-version-file" type="file" name="file" accept={accept} required />
        </div>
        <div className="button-row">
          <button type="submit" className="button-primary" disabled={busy}>
            {t('newVersion.button')}
          </button>
          <Link to={fileListAddress(back)}>{t('delete.cancel')}</Link>
        </div>
      </Form>
    </section>
  )
}

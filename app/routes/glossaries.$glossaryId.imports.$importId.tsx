import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { setFlash } from '~/lib/http/flash.server'
import { getFixedT } from '~/lib/i18n/i18n.server'
import { COLUMN_ROLES } from '~/lib/terms/delimited'
import { confirmMapping, findImport, previewRows } from '~/lib/terms/glossary-import.server'
import { requireGlossaryItem } from '~/lib/terms/glossary-page.server'
import { formOf } from '~/lib/http/form.server'

export const handle = { i18n: ['common', 'glossaries'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }]

async function requireImport(request: Request, params: Record<string, string | undefined>) {
  const { glossary, item: upload } = await requireGlossaryItem(request, params, 'importId', findImport)
  return { glossary, upload }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { glossary, upload } = await requireImport(request, params)
  if (upload.status !== 'mapping') throw redirect(`/glossaries/${glossary.id}`)
  const t = await getFixedT(request, 'glossaries')
  return { title: t('mapping.title'), glossary, upload, rows: await previewRows(upload) }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { glossary, upload } = await requireImport(request, params)
  const roles = (await formOf(request)).getAll('role').map(String)
  if (!(await confirmMapping(upload, roles))) return data({ error: 'bad-mapping' as const }, { status: 400 })
  throw redirect(`/glossaries/${glossary.id}`, {
    headers: { 'Set-Cookie': await setFlash({ kind: 'success', key: 'glossaries:import.queued', values: { name: upload.fileName } }, request) },
  })
}

/** Issue 17: the mapping step of a CSV/TSV import — what each column holds, with the file's first rows to see by. */
export default function MapColumns() {
  const { title, glossary, upload, rows } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation('glossaries')
  const [header = [], ...sample] = rows
  return (
    <section className="memories-page stack" aria-labelledby="mapping-title">
      <div className="page-heading">
        <h1 id="mapping-title">{title}</h1>
        <Link to={`/glossaries/${glossary.id}`}>{glossary.name}</Link>
      </div>
      <p>{t('mapping.intro', { name: upload.fileName })}</p>
      {actionData?.error ? (
        <div className="form-error" role="alert">
          {t(`errors.${actionData.error}`)}
        </div>
      ) : null}
      <Form method="post" className="stack memory-form">
        {header.map((name, index) => (
          <div className="field" key={index}>
            <label htmlFor={`role-${index}`}>{t('mapping.column', { number: index + 1, header: name })}</label>
            <select id={`role-${index}`} name="role" defaultValue={upload.mapping?.[index] ?? 'ignore'}>
              {COLUMN_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`mapping.roles.${role}`)}
                </option>
              ))}
            </select>
          </div>
        ))}
        <button type="submit">{t('mapping.button')}</button>
      </Form>
      <table className="memory-table">
        <caption>{t('mapping.caption')}</caption>
        <thead>
          <tr>
            {header.map((name, index) => (
              <th scope="col" key={index}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sample.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {header.map((_, index) => (
                <td key={index}>{row[index] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

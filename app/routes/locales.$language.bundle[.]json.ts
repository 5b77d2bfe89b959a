import type { LoaderFunctionArgs } from '@remix-run/node'
import { isSupportedLanguage, namespaces, type Namespace } from '~/lib/i18n/config'
import { resources } from '~/lib/i18n/resources.server'
import { refuseAllButGet } from '~/lib/api/read-fields.server'

/**
 * A page's strings in one answer: `/locales/lv/bundle.json?ns=common,translate` holds those namespaces of
 * /locales/lv/*.json. The page's head starts fetching it while its scripts load (root.tsx), so the browser
 * hydrates without first asking for each namespace in turn (issue 19, point 11). Cached as the files are.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const language = params.language
  const wanted = (new URL(request.url).searchParams.get('ns') ?? '').split(',')
  const known = wanted.filter((name): name is Namespace => (namespaces as readonly string[]).includes(name))
  if (!isSupportedLanguage(language) || known.length === 0 || known.length !== wanted.length) {
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  const bundle = Object.fromEntries(known.map((name) => [name, resources[language]?.[name]]))
  return new Response(JSON.stringify(bundle), {
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}

/** Any method but GET: 405 with `Allow: GET`, translated (Remix alone answers "Unexpected Server Error"). */
export const action = refuseAllButGet

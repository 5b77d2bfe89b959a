import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { keptValues, takeKeptForm } from '../auth/kept-form.server'
import { getUser, sessionProfile } from '../auth/session.server'
import { takeFlash } from '../http/flash.server'
import { flashText, getLanguage } from '../i18n/i18n.server'
import { loadProfileSafely } from '../profile/profile.server'

/**
 * What the root loader knows on every page: language, signed-in user, profile, flash message, a kept form. Its home
 * is here, below both app/root.tsx (whose loader it is) and the components that read it (use-root-data.ts), so that
 * neither imports the other.
 */
export async function rootData({ request, context }: LoaderFunctionArgs) {
  const language = await getLanguage(request)
  const user = await getUser(request, context)
  // SPEC §6: a profile that fails to load must not stop the page. The session's read brings it (issue 53).
  const profile = user ? ((await sessionProfile(request, context)) ?? (await loadProfileSafely(user.id))) : undefined
  const { flash: taken, clear } = await takeFlash(request)
  // Issue 19: the message travels as text, in the interface language: the page never shows its key while the browser
  // fetches the namespace it is in (seen in the live region after signing out and while opening a file).
  const flash = taken && { ...taken, text: flashText(language, taken.key, taken.values) }
  // A form posted while the session had ended, offered again on its page once signed in (decision 0022).
  const { kept, clear: clearKept } = user ? await takeKeptForm(request, user.id) : {}
  const headers = new Headers()
  for (const cookie of [clear, clearKept]) if (cookie) headers.append('Set-Cookie', cookie)
  return data(
    {
      language,
      user: user ? { name: user.name, email: user.email } : undefined,
      profile,
      profileFailed: Boolean(user && !profile),
      flash,
      keptForm: kept && { ...kept, values: keptValues(kept) },
    },
    { headers },
  )
}

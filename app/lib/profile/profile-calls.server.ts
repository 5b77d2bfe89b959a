import type { User } from '../auth/users.server'
import { requireApiUser } from '../auth/session.server'
import { db } from '../db/db.server'
import { getFixedT } from '../i18n/i18n.server'
import { loadProfile, type Profile } from './profile.server'

/** SPEC §3 profile settings as the API answers them: flags as integers (read as "greater than zero"), and the email. */
export function profileJson(user: User, profile: Profile) {
  return {
    tm_pretranslate: Number(profile.tmPretranslate),
    mt_pretranslate: Number(profile.mtPretranslate),
    update_mt: Number(profile.updateMt),
    email: user.email,
  }
}

/** GET profile (SPEC §7). */
export async function profileCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  return Response.json(profileJson(user, await loadProfile(user.id)))
}

const columns: Record<keyof Profile, string> = { tmPretranslate: 'tm_pretranslate', mtPretranslate: 'mt_pretranslate', updateMt: 'update_mt' }

/**
 * SPEC §7 settings/save-tm-pretranslate, save-mt-pretranslate (field `pretranslate`) and save-update-mt (field
 * `updateMt`): one of the profile's flags, 0 or 1 (true/false too). Answers the whole profile; a missing or other value
 * is refused with 400 and a translated message, and nothing is saved.
 */
export async function saveProfileFlagCall(request: Request, flag: keyof Profile, field: string): Promise<Response> {
  const user = await requireApiUser(request)
  const form = await request.formData().catch(() => new FormData())
  const value = { '0': false, '1': true, false: false, true: true }[String(form.get(field))]
  if (value === undefined) {
    const t = await getFixedT(request, 'common')
    return Response.json({ errors: [{ code: 'InvalidValue', message: t('api.invalidFlag', { field }) }] }, { status: 400 })
  }
  const column = columns[flag]
  await db().query(
    `insert into user_settings (user_id, ${column}, updated_at) values ($1, $2, now())
     on conflict (user_id) do update set ${column} = $2, updated_at = now()`,
    [user.id, value],
  )
  return Response.json(profileJson(user, await loadProfile(user.id)))
}

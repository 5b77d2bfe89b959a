import type { User } from '../auth/users.server'
import { answer, calls, type ApiCall } from '../api/calls'
import { userCall } from '../api/read-fields.server'
import { db } from '../db/db.server'
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
export function profileCall(request: Request): Promise<Response> {
  return userCall(request, calls.profile, async (user) => answer(calls.profile, profileJson(user, await loadProfile(user.id))))
}

const flagCalls = {
  tmPretranslate: { call: calls.saveTmPretranslate, column: 'tm_pretranslate', field: 'pretranslate' },
  mtPretranslate: { call: calls.saveMtPretranslate, column: 'mt_pretranslate', field: 'pretranslate' },
  updateMt: { call: calls.saveUpdateMt, column: 'update_mt', field: 'updateMt' },
} as const

/**
 * SPEC §7 settings/save-tm-pretranslate, save-mt-pretranslate (field `pretranslate`) and save-update-mt (field
 * `updateMt`): one of the profile's flags, 0 or 1 (true/false too). Answers the whole profile; a missing or other value
 * is refused with 400 and a translated message, and nothing is saved.
 */
export function saveProfileFlagCall(request: Request, flag: keyof Profile): Promise<Response> {
  const { call, column, field } = flagCalls[flag]
  return userCall(request, call as ApiCall, async (user, fields) => {
    const value = (fields as Record<string, boolean>)[field]
    await db().query(
      `insert into user_settings (user_id, ${column}, updated_at) values ($1, $2, now())
       on conflict (user_id) do update set ${column} = $2, updated_at = now()`,
      [user.id, value],
    )
    return answer(calls.profile, profileJson(user, await loadProfile(user.id)))
  })
}

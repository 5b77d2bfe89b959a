import type { User } from '../auth/users.server'
import { answer, calls, type ApiCall } from '../api/calls'
import { userCall } from '../api/read-fields.server'
import { loadProfile, saveProfile, type Profile } from './profile.server'

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
  tmPretranslate: { call: calls.saveTmPretranslate, field: 'pretranslate' },
  mtPretranslate: { call: calls.saveMtPretranslate, field: 'pretranslate' },
  updateMt: { call: calls.saveUpdateMt, field: 'updateMt' },
} as const

/**
 * SPEC §7 settings/save-tm-pretranslate, save-mt-pretranslate (field `pretranslate`) and save-update-mt (field
 * `updateMt`): one of the profile's flags, 0 or 1 (true/false too), saved as the settings panel saves them. Answers
 * the whole profile; a missing or other value is refused with 400 and a translated message, and nothing is saved.
 */
export function saveProfileFlagCall(request: Request, flag: keyof Profile): Promise<Response> {
  const { call, field } = flagCalls[flag]
  return userCall(request, call as ApiCall, async (user, fields) => {
    await saveProfile(user.id, { [flag]: (fields as Record<string, boolean>)[field] })
    return answer(calls.profile, profileJson(user, await loadProfile(user.id)))
  })
}

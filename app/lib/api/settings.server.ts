import type { User } from '../auth/users.server'
import { saveMtSystem } from '../mt/project-mt.server'
import { loadProfile, type Profile, saveProfile } from '../profile/profile.server'
import { saveProjectUpdateMt, updateMtOf } from '../projects/project-settings.server'
import { answer, type ApiCall } from './call'
import { apiRefusal, projectCall, userCall } from './read-fields.server'
import { settingsCalls } from './settings'

/** GET settings/update-mt-for-file?projectId= (SPEC §7): the project's own value, else the user's. */
export function updateMtForFileCall(request: Request): Promise<Response> {
  return projectCall(request, settingsCalls.updateMtForFile, async (project) => {
    const updateMt = await updateMtOf(project)
    return answer(settingsCalls.updateMtForFile, { projectId: project.id, update_mt: Number(updateMt) })
  })
}

/** POST settings/save-update-mt-for-file (updateMt 0/1, projectId): the project's own value from now on. */
export function saveUpdateMtForFileCall(request: Request): Promise<Response> {
  return projectCall(request, settingsCalls.saveUpdateMtForFile, async (project, { updateMt }) => {
    await saveProjectUpdateMt(project.id, updateMt)
    return answer(settingsCalls.saveUpdateMtForFile, { projectId: project.id, update_mt: Number(updateMt) })
  })
}

/** POST settings/save-mt-system (mtSystemId, projectId): a system the project's languages offer, or '' for none. */
export function saveMtSystemCall(request: Request): Promise<Response> {
  return projectCall(request, settingsCalls.saveMtSystem, async (project, { mtSystemId }) => {
    if (!(await saveMtSystem(project, mtSystemId))) return apiRefusal(request, 400, 'UnknownMtSystem', 'translate:mt.unknownSystem')
    return answer(settingsCalls.saveMtSystem, { projectId: project.id, mtSystemId })
  })
}

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
  return userCall(request, settingsCalls.profile, async (user) => answer(settingsCalls.profile, profileJson(user, await loadProfile(user.id))))
}

const flagCalls = {
  tmPretranslate: { call: settingsCalls.saveTmPretranslate, field: 'pretranslate' },
  mtPretranslate: { call: settingsCalls.saveMtPretranslate, field: 'pretranslate' },
  updateMt: { call: settingsCalls.saveUpdateMt, field: 'updateMt' },
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
    return answer(settingsCalls.profile, profileJson(user, await loadProfile(user.id)))
  })
}

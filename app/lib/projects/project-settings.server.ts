import { db } from '../db/db.server'
import { loadProfileSafely } from '../profile/profile.server'

/**
 * SPEC §2 "Inside the translator … settings apply to that project": a project's own value wins, otherwise the
 * user's profile (SPEC §7 settings/update-mt-for-file, save-update-mt-for-file).
 */
export interface ProjectSettings {
  updateMt: boolean
}

export async function projectSettings(project: { updateMt: boolean | null }, userId: number): Promise<ProjectSettings> {
  if (project.updateMt !== null) return { updateMt: project.updateMt }
  const profile = await loadProfileSafely(userId)
  return { updateMt: profile?.updateMt ?? false }
}

export async function saveProjectSettings(project: { id: number }, settings: ProjectSettings): Promise<void> {
  await db().query('update projects set update_mt = $2 where id = $1', [project.id, settings.updateMt])
}

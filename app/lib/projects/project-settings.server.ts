import { db } from '../db/db.server'
import { loadProfileSafely } from '../profile/profile.server'

/**
 * SPEC §2 "Inside the translator … settings apply to that project": a project's own value wins, otherwise the
 * user's profile (SPEC §7 settings/update-mt-for-file, save-update-mt-for-file).
 */
export interface ProjectSettings {
  updateMt: boolean
}

export async function projectSettings(project: { id: number }, userId: number): Promise<ProjectSettings> {
  const [row] = await db().query<{ updateMt: boolean | null }>('select update_mt as "updateMt" from projects where id = $1', [project.id])
  if (row?.updateMt !== null && row?.updateMt !== undefined) return { updateMt: row.updateMt }
  const profile = await loadProfileSafely(userId)
  return { updateMt: profile?.updateMt ?? false }
}

export async function saveProjectSettings(project: { id: number }, settings: ProjectSettings): Promise<void> {
  await db().query('update projects set update_mt = $2 where id = $1', [project.id, settings.updateMt])
}

import { db } from '../db/db.server'
import type { QaCheck } from '../qa/qa-kinds'
import { wakeWorker } from '../jobs/wake.server'
import { queueQaCheckOfAll, saveQaOff } from '../qa/segment-qa.server'
import { loadProfileSafely } from '../profile/profile.server'
import { glossariesForProject, saveProjectGlossaries, type Glossary } from '../terms/glossaries.server'
import { memoriesForProject, saveProjectMemorySettings, type MemoryChoice, type ProjectMemory } from '../tm/memories.server'

/**
 * SPEC §2 "Inside the translator … settings apply to that project": a project's own value wins, otherwise the
 * user's profile (SPEC §7 settings/update-mt-for-file, save-update-mt-for-file; tm/for-file, tm/save-settings-for-file).
 */
export interface ProjectSettings {
  updateMt: boolean
  /** The owner's memories of the project's language pair, with this project's read/write choice. */
  memories: ProjectMemory[]
  /** Issue 17: the owner's glossaries of the pair, with this project's read/write choice. */
  glossaries: Glossary[]
  /** Issue 17: the quality checks this project turned off. */
  qaOff: QaCheck[]
  /** Issue 58: a confirm fills the segment's repetitions. */
  propagate: boolean
  /** Issue 58: the characters each segment's translation may hold; null: no limit. */
  maxLength: number | null
}

interface SettingsProject {
  id: number
  /** Issue 52: whose memories, glossaries and profile serve the file (its owner's, for every member working in it). */
  ownerId: number
  sourceLang: string
  targetLang: string
  updateMt: boolean | null
  qaOff: QaCheck[]
  propagate: boolean
  maxLength: number | null
}

/** The project's row (findProject) already holds its own choices; the owner's memories and glossaries are read together. */
export async function projectSettings(project: SettingsProject): Promise<ProjectSettings> {
  const [memories, glossaries, updateMt] = await Promise.all([memoriesForProject(project), glossariesForProject(project), updateMtOf(project)])
  return { updateMt, memories, glossaries, qaOff: project.qaOff, propagate: project.propagate, maxLength: project.maxLength }
}

/** SPEC §2 "improve the machine translation system": the project's own value, else the owner's profile. */
export async function updateMtOf(project: Pick<SettingsProject, 'updateMt' | 'ownerId'>): Promise<boolean> {
  return project.updateMt ?? (await loadProfileSafely(project.ownerId))?.updateMt ?? false
}

export async function saveProjectSettings(
  project: SettingsProject,
  settings: { updateMt: boolean; memories: MemoryChoice[]; glossaries?: MemoryChoice[]; qaOff?: string[]; propagate?: boolean; maxLength?: number | null },
): Promise<void> {
  await saveProjectUpdateMt(project.id, settings.updateMt)
  await saveProjectMemorySettings(project, settings.memories)
  if (settings.glossaries) await saveProjectGlossaries(project, settings.glossaries)
  if (settings.qaOff) await saveQaOff(project.id, settings.qaOff)
  if (settings.propagate !== undefined) await db().query('update projects set propagate = $2 where id = $1', [project.id, settings.propagate])
  if (settings.maxLength !== undefined) await saveMaxLength(project.id, settings.maxLength)
}

/**
 * Issue 58 point 6: the project's limit for each segment. The translations' warnings were found with the limit before:
 * every one is checked again by a background task (the request does not touch a 50,000-segment file's rows).
 */
async function saveMaxLength(projectId: number, maxLength: number | null): Promise<void> {
  await db().transaction(async (tx) => {
    const changed = await tx.query('update projects set max_length = $2 where id = $1 and max_length is distinct from $2 returning id', [projectId, maxLength])
    if (changed.length > 0) await queueQaCheckOfAll(tx, projectId)
  })
  wakeWorker()
}

/** The project's own "send my translations to improve MT" (the translator's settings, settings/save-update-mt-for-file). */
export async function saveProjectUpdateMt(projectId: number, updateMt: boolean): Promise<void> {
  await db().query('update projects set update_mt = $2 where id = $1', [projectId, updateMt])
}

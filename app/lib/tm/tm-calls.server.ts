import { z } from 'zod'
import { requireApiUser } from '../auth/session.server'
import { db } from '../db/db.server'
import type { MemoryProject } from './memories.server'
import { listMemories, memoriesForProject, saveMemorySettings, saveProjectMemorySettings, type Memory } from './memories.server'
import { rowId, rowIdSchema } from '../http/row-id'

/**
 * SPEC §7 tm, tm/for-file, tm/save-settings, tm/save-settings-for-file (JSON, for scripts and other clients):
 * memories in the SPEC §3 shape. Read and written per user, so another user's memory or project is not found.
 */
export function memoryJson(memory: Memory, projectId?: number) {
  return {
    id: memory.id,
    name: memory.name,
    sourceLang: memory.sourceLang,
    targetLang: memory.targetLang,
    readMemory: memory.read,
    writeMemory: memory.write,
    canUpdate: memory.canUpdate,
    ...(projectId === undefined ? {} : { projectId }),
  }
}

const notFound = () => Response.json({ errors: [{ message: 'Not found' }] }, { status: 404 })

/** The user's project by id alone (SPEC §7 tm/for-file sends no password; ownership is the guard). */
async function userProject(userId: number, projectId: unknown): Promise<MemoryProject | undefined> {
  const id = rowId(projectId)
  if (id === undefined) return undefined
  const [project] = await db().query<MemoryProject>(
    `select id, owner_id as "ownerId", source_lang as "sourceLang", target_lang as "targetLang" from projects
      where id = $1 and owner_id = $2 and deleted_at is null`,
    [id, userId],
  )
  return project
}

export async function memoriesCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  return Response.json((await listMemories(user.id)).map((memory) => memoryJson(memory)))
}

export async function memoriesForFileCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  const project = await userProject(user.id, new URL(request.url).searchParams.get('projectId'))
  if (!project) return notFound()
  return Response.json((await memoriesForProject(project)).map((memory) => memoryJson(memory, project.id)))
}

const flag = z.enum(['0', '1', 'true', 'false', 'on', 'off']).transform((value) => ['1', 'true', 'on'].includes(value))

/** SPEC §3 memory fields, one memory per call: its id (or name), readMemory, writeMemory. */
const settingsSchema = z
  .object({ id: rowIdSchema.optional(), name: z.string().min(1).optional(), readMemory: flag, writeMemory: flag })
  .refine((fields) => fields.id !== undefined || fields.name !== undefined)

function memoryNamed(memories: Memory[], fields: { id?: number; name?: string }): Memory | undefined {
  return memories.find((memory) => (fields.id !== undefined ? memory.id === fields.id : memory.name === fields.name))
}

export async function saveSettingsCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  const fields = settingsSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!fields.success) return Response.json({ errors: [{ message: 'Invalid memory fields' }] }, { status: 400 })
  const memory = memoryNamed(await listMemories(user.id), fields.data)
  if (!memory) return notFound()
  await saveMemorySettings(user.id, [{ id: memory.id, read: fields.data.readMemory, write: fields.data.writeMemory }])
  return Response.json((await listMemories(user.id)).map((each) => memoryJson(each)))
}

export async function saveSettingsForFileCall(request: Request): Promise<Response> {
  const user = await requireApiUser(request)
  const form = Object.fromEntries(await request.formData())
  const project = await userProject(user.id, form.projectId)
  const fields = settingsSchema.safeParse(form)
  if (!project) return notFound()
  if (!fields.success) return Response.json({ errors: [{ message: 'Invalid memory fields' }] }, { status: 400 })
  const memory = memoryNamed(await memoriesForProject(project), fields.data)
  if (!memory) return notFound()
  await saveProjectMemorySettings(project, [{ id: memory.id, read: fields.data.readMemory, write: fields.data.writeMemory }])
  return Response.json((await memoriesForProject(project)).map((each) => memoryJson(each, project.id)))
}

import { z } from 'zod'
import { db } from '../db/db.server'
import { sourceLanguages, targetLanguages } from '../projects/languages'
import { findMemory, listMemories, type Memory } from './memories.server'
import { rowId } from '../http/row-id'
import { rowIdSchema } from '../http/row-id.server'

/** The memories page's forms (issue 5 "Memories"), told apart by intent; the upload is multipart and separate. */
const memoryName = z.string().trim().min(1).max(100)
const memoryId = rowIdSchema

export const memoryFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create'), name: memoryName, sourceLang: z.enum(sourceLanguages), targetLang: z.enum(targetLanguages) }),
  z.object({ intent: z.literal('rename'), memoryId, name: memoryName }),
  z.object({ intent: z.literal('lock'), memoryId }),
  z.object({ intent: z.literal('unlock'), memoryId }),
])

export type MemoryForm = z.infer<typeof memoryFormSchema>

export interface MemoryWithCount extends Memory {
  unitCount: number
}

/** The user's memories with how many units each holds (kept on the memory by triggers, migration 14). */
export async function listMemoriesWithCounts(userId: number): Promise<MemoryWithCount[]> {
  const [memories, counts] = await Promise.all([
    listMemories(userId),
    db().query<{ memoryId: number; count: number | string }>(
      `select id as "memoryId", unit_count as count from memories where owner_id = $1 and deleted_at is null`,
      [userId],
    ),
  ])
  const byMemory = new Map(counts.map((row) => [row.memoryId, Number(row.count)]))
  return memories.map((memory) => ({ ...memory, unitCount: byMemory.get(memory.id) ?? 0 }))
}

/** The signed-in user's memory named by the URL, or a 404 for anyone else's (STYLE: guards throw). */
export async function requireMemory(userId: number, params: { memoryId?: string }): Promise<Memory> {
  const id = rowId(params.memoryId)
  const memory = id !== undefined ? await findMemory(userId, id) : undefined
  if (!memory) throw new Response('Not found', { status: 404 })
  return memory
}

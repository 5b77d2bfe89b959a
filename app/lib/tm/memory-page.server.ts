import { z } from 'zod'
import { db } from '../db/db.server'
import { sourceLanguages, targetLanguages } from '../projects/languages'
import { findMemory, listMemories, type Memory } from './memories.server'

/** The memories page's forms (issue 5 "Memories"), told apart by intent; the upload is multipart and separate. */
const memoryName = z.string().trim().min(1).max(100)
const memoryId = z.coerce.number().int().positive()

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

/** The user's memories with how many units each holds. */
export async function listMemoriesWithCounts(userId: number): Promise<MemoryWithCount[]> {
  const [memories, counts] = await Promise.all([
    listMemories(userId),
    db().query<{ memoryId: number; count: number | string }>(
      `select u.memory_id as "memoryId", count(*) as count
         from tm_units u join memories m on m.id = u.memory_id
        where m.owner_id = $1 group by u.memory_id`,
      [userId],
    ),
  ])
  const byMemory = new Map(counts.map((row) => [row.memoryId, Number(row.count)]))
  return memories.map((memory) => ({ ...memory, unitCount: byMemory.get(memory.id) ?? 0 }))
}

/** The signed-in user's memory named by the URL, or a 404 for anyone else's (STYLE: guards throw). */
export async function requireMemory(userId: number, params: { memoryId?: string }): Promise<Memory> {
  const id = Number(params.memoryId)
  const memory = Number.isSafeInteger(id) && id > 0 ? await findMemory(userId, id) : undefined
  if (!memory) throw new Response('Not found', { status: 404 })
  return memory
}

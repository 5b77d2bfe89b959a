import { db } from '../db/db.server'

/**
 * Issue 19: without JavaScript the upload form's swap and "show domains" buttons reload the page, and a reloaded page
 * has an empty file input. The files picked before are therefore sent with that button, stored, and listed in the
 * form again (ticked); Analyze takes the ticked ones. Held files live an hour (housekeeping, removeOrphanedFiles).
 */
export const HELD_MINUTES = 60

export interface HeldUpload {
  id: number
  name: string
}

export interface TakenUpload {
  fileId: number
  name: string
  format: string
}

export async function holdUpload(ownerId: number, file: TakenUpload): Promise<void> {
  await db().query('insert into held_uploads (owner_id, file_id, name, format) values ($1, $2, $3, $4)', [ownerId, file.fileId, file.name, file.format])
}

/** The owner's held files still in time, oldest first (the order they were picked). */
export async function listHeldUploads(ownerId: number): Promise<HeldUpload[]> {
  return db().query<HeldUpload>(
    `select id, name from held_uploads where owner_id = $1 and created_at >= now() - make_interval(mins => $2) order by id`,
    [ownerId, HELD_MINUTES],
  )
}

/**
 * Analyze: the ticked held files (another user's ids are not found), in the order they were picked. Every held row of
 * the owner goes — an unticked file was dropped — and the stored files not taken are left to housekeeping.
 */
export async function takeHeldUploads(ownerId: number, ids: readonly number[]): Promise<TakenUpload[]> {
  const rows = await db().query<TakenUpload & { id: number; fresh: boolean }>(
    `delete from held_uploads where owner_id = $1 returning id, file_id as "fileId", name, format, created_at >= now() - make_interval(mins => $2) as fresh`,
    [ownerId, HELD_MINUTES],
  )
  const ticked = new Set(ids)
  return rows
    .filter((row) => row.fresh && ticked.has(row.id))
    .sort((a, b) => a.id - b.id)
    .map(({ fileId, name, format }) => ({ fileId, name, format }))
}

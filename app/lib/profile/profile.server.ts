import { z } from 'zod'
import { db } from '../db/db.server'

/** SPEC §3 profile settings (tm_pretranslate, mt_pretranslate, update_mt). */
export interface Profile {
  tmPretranslate: boolean
  mtPretranslate: boolean
  updateMt: boolean
}

export const defaultProfile: Profile = { tmPretranslate: false, mtPretranslate: false, updateMt: false }

export async function loadProfile(userId: number): Promise<Profile> {
  const [row] = await db().query<Profile>(
    `select tm_pretranslate as "tmPretranslate", mt_pretranslate as "mtPretranslate", update_mt as "updateMt"
       from user_settings where user_id = $1`,
    [userId],
  )
  return row ?? defaultProfile
}

/**
 * SPEC §6: if the profile cannot be loaded the application still becomes ready. The failure is logged
 * and the page renders with `undefined`, which the settings form shows as "could not be loaded".
 */
export async function loadProfileSafely(userId: number): Promise<Profile | undefined> {
  try {
    return await loadProfile(userId)
  } catch (error) {
    console.error('[profile] could not load settings of user', userId, error)
    return undefined
  }
}

const columns: Record<keyof Profile, string> = { tmPretranslate: 'tm_pretranslate', mtPretranslate: 'mt_pretranslate', updateMt: 'update_mt' }

/**
 * Saves the settings given — all of them from the settings panel, one from SPEC §7's settings/save-… calls; the
 * others keep their value (their default for a user who never saved).
 */
export async function saveProfile(userId: number, profile: Partial<Profile>): Promise<void> {
  const given = (Object.keys(columns) as (keyof Profile)[]).filter((key) => profile[key] !== undefined)
  if (given.length === 0) return
  const names = given.map((key) => columns[key])
  await db().query(
    `insert into user_settings (user_id, ${names.join(', ')}, updated_at)
     values ($1, ${names.map((_, index) => `$${index + 2}`).join(', ')}, now())
     on conflict (user_id) do update set ${names.map((name, index) => `${name} = $${index + 2}`).join(', ')}, updated_at = now()`,
    [userId, ...given.map((key) => profile[key])],
  )
}

const checkbox = z
  .literal('on')
  .optional()
  .transform((value) => value === 'on')

const profileFormSchema = z.object({
  intent: z.literal('save-settings'),
  tmPretranslate: checkbox,
  mtPretranslate: checkbox,
  updateMt: checkbox,
})

/** The settings panel's form (SPEC §2 checkboxes: an unticked box is simply absent). */
export function parseProfileForm(form: FormData) {
  return profileFormSchema.safeParse(Object.fromEntries(form))
}

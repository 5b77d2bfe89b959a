import { z } from 'zod'
import { requireUser } from '../auth/session.server'
import { rowId } from '../http/row-id'
import { findGlossary, type Glossary } from './glossaries.server'
import { GLOSSARY_LANGUAGES } from './glossary-languages'
import { TERM_MAX, TERM_STATUSES, TEXT_MAX, type GlossaryConcept, type GlossaryTerm } from './glossary-types'

/** The glossary pages' forms (issue 17), told apart by intent; uploads are multipart and separate. */
const glossaryName = z.string().trim().min(1).max(100)

export const glossaryListFormSchema = z.object({
  intent: z.literal('create'),
  name: glossaryName,
  sourceLang: z.enum(GLOSSARY_LANGUAGES),
  targetLang: z.enum(GLOSSARY_LANGUAGES),
})

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || undefined)

const conceptFields = z.object({
  sourceTerm: z.string().trim().min(1).max(TERM_MAX),
  sourceStatus: z.enum(TERM_STATUSES).default('admitted'),
  partOfSpeech: optionalText(50),
  definition: optionalText(TEXT_MAX),
  context: optionalText(TEXT_MAX),
  note: optionalText(TEXT_MAX),
})

export type ConceptFormProblem = 'no-source' | 'no-target' | 'too-long'

/**
 * The concept form (add and edit, on the glossary page and in the translator): one source term, up to TARGET_ROWS
 * target terms each with its status (fields `targetTerm` and `targetStatus`, in order), and the concept's part of
 * speech, definition, context and note.
 */
export function conceptFromForm(form: FormData): { ok: true; concept: GlossaryConcept } | { ok: false; problem: ConceptFormProblem } {
  const parsed = conceptFields.safeParse(
    Object.fromEntries([...form].filter((entry) => typeof entry[1] === 'string' && !entry[0].startsWith('target'))),
  )
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0]
    return { ok: false, problem: field === 'sourceTerm' && String(form.get('sourceTerm') ?? '').trim() === '' ? 'no-source' : 'too-long' }
  }
  const statuses = form.getAll('targetStatus').map(String)
  const targets: GlossaryTerm[] = []
  for (const [index, value] of form.getAll('targetTerm').map(String).entries()) {
    const text = value.trim()
    if (text === '') continue
    if (text.length > TERM_MAX) return { ok: false, problem: 'too-long' }
    const status = TERM_STATUSES.find((each) => each === statuses[index]) ?? 'admitted'
    targets.push({
      text,
      status,
      ...(parsed.data.partOfSpeech ? { partOfSpeech: parsed.data.partOfSpeech } : {}),
      ...(index === 0 && parsed.data.context ? { context: parsed.data.context } : {}),
    })
  }
  if (targets.length === 0) return { ok: false, problem: 'no-target' }
  const { sourceTerm, sourceStatus, definition, note } = parsed.data
  return {
    ok: true,
    concept: {
      ...(definition ? { definition } : {}),
      ...(note ? { note } : {}),
      source: [{ text: sourceTerm, status: sourceStatus, ...(parsed.data.partOfSpeech ? { partOfSpeech: parsed.data.partOfSpeech } : {}) }],
      target: targets,
    },
  }
}

/**
 * The signed-in user's glossary named by the URL and one of its items (a concept, an import) named by `key`, or a 404
 * for anyone else's or another glossary's.
 */
export async function requireGlossaryItem<Item extends { glossaryId: number }>(
  request: Request,
  params: Record<string, string | undefined>,
  key: string,
  find: (userId: number, id: number) => Promise<Item | undefined>,
): Promise<{ glossary: Glossary; item: Item }> {
  const user = await requireUser(request)
  const glossary = await requireGlossary(user.id, params)
  const item = await find(user.id, rowId(params[key]) ?? 0)
  if (!item || item.glossaryId !== glossary.id) throw new Response('Not found', { status: 404 })
  return { glossary, item }
}

/** The signed-in user's glossary named by the URL, or a 404 for anyone else's (STYLE: guards throw). */
export async function requireGlossary(userId: number, params: { glossaryId?: string }): Promise<Glossary> {
  const id = rowId(params.glossaryId)
  const glossary = id !== undefined ? await findGlossary(userId, id) : undefined
  if (!glossary) throw new Response('Not found', { status: 404 })
  return glossary
}

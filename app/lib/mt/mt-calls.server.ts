import { requireApiUser } from '../auth/session.server'
import { getFixedT } from '../i18n/i18n.server'
import { apiRefusal } from '../projects/status-calls.server'
import { mtRegistry } from './registry.server'

const TEXT_MAX = 10_000
const errorCodes: Record<string, string> = {
  'unknown-system': 'UnknownMtSystem',
  'provider-unavailable': 'MtUnavailable',
  timeout: 'MtTimeout',
  'bad-response': 'MtBadResponse',
  'not-supported': 'MtNotSupported',
}

/**
 * SPEC §7 mt/matches (text, mtId): the text translated by that MT system (an id of the systems list, e.g.
 * `apertium:eng|spa`), with the same masking of tags and batching as the translator's suggestion:
 * `{ translation, mtId }`. An engine that fails gives 502/504 with the translator's message for it.
 */
export async function mtMatchesCall(request: Request): Promise<Response> {
  await requireApiUser(request)
  const form = await request.formData().catch(() => new FormData())
  const text = form.get('text')
  const mtId = form.get('mtId')
  if (typeof text !== 'string' || text.trim() === '' || text.length > TEXT_MAX) return apiRefusal(request, 400, 'InvalidValue', 'api.invalidField', { field: 'text' })
  if (typeof mtId !== 'string' || mtId === '') return apiRefusal(request, 400, 'NoMtSystem', 'translate:mt.noSystem')
  const result = await mtRegistry().translate(mtId, [text])
  if (result.ok) return Response.json({ translation: result.translations[0] ?? '', mtId })
  const code = result.error.code
  const status = code === 'unknown-system' ? 400 : code === 'timeout' ? 504 : 502
  const t = await getFixedT(request, 'translate')
  return Response.json({ errors: [{ code: errorCodes[code] ?? 'MtError', message: t(`mt.errors.${code}`) }] }, { status })
}

import { getFixedT } from '../i18n/i18n.server'
import { mtRegistry } from '../mt/registry.server'
import { answer } from './call'
import { mtCalls } from './mt'
import { apiRefusal, userCall } from './read-fields.server'

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
export function mtMatchesCall(request: Request): Promise<Response> {
  return userCall(request, mtCalls.mtMatches, async (_user, { text, mtId }) => {
    if (mtId === '') return apiRefusal(request, 400, 'NoMtSystem', 'translate:mt.noSystem')
    const result = await mtRegistry().translate(mtId, [text])
    if (result.ok) return answer(mtCalls.mtMatches, { translation: result.translations[0] ?? '', mtId })
    const code = result.error.code
    const status = code === 'unknown-system' ? 400 : code === 'timeout' ? 504 : 502
    const t = await getFixedT(request, 'translate')
    return Response.json({ errors: [{ code: errorCodes[code] ?? 'MtError', message: t(`mt.errors.${code}`) }] }, { status })
  })
}

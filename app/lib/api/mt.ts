import { z } from 'zod/v4'
import { call, LOOKUP_TEXT_MAX } from './call'

/** SPEC §7's mt group. */
export const mtCalls = {
  mtMatches: call({
    method: 'post',
    path: '/mt/matches',
    operationId: 'mtMatches',
    tag: 'Machine translation',
    summary: 'The text translated by an MT system, tags kept.',
    body: 'form',
    fields: z.object({
      text: z.string().max(LOOKUP_TEXT_MAX).refine((value) => value.trim() !== ''),
      mtId: z.string().max(200).default('').meta({ description: 'A system id of the upload form’s list, e.g. apertium:eng|spa.' }),
    }),
    answer: z.object({ translation: z.string(), mtId: z.string() }),
    refusals: { 400: ['InvalidValue', 'NoMtSystem', 'UnknownMtSystem'], 502: ['MtUnavailable', 'MtBadResponse', 'MtNotSupported'], 504: ['MtTimeout'] },
  }),
}

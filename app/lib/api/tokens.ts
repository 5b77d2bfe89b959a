import { z } from 'zod/v4'
import { tokenFields } from '../auth/token-fields'
import { call, noFields, seconds } from './call'

/** Personal access tokens for programs (issue 16; not in SPEC §7). */

const tokenAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  hint: z.string().meta({ description: "The token's first characters, to tell tokens apart." }),
  createTimestamp: seconds,
  lastUsedTimestamp: seconds.nullable(),
})

export const accessTokenCalls = {
  tokens: call({
    method: 'get',
    path: '/tokens',
    operationId: 'listTokens',
    tag: 'Access tokens',
    summary: "The caller's personal access tokens (never the tokens themselves).",
    body: 'none',
    fields: noFields,
    answer: z.object({ data: z.array(tokenAnswer) }),
    refusals: {},
  }),
  tokenCalls: call({
    method: 'post',
    path: '/tokens',
    operationId: 'tokenCall',
    tag: 'Access tokens',
    summary: 'A new token (name; answered this once, 201; with a signed-in session only, never with a token), or intent=revoke with id.',
    statuses: [201, 200],
    body: 'form',
    fields: tokenFields,
    answer: z.union([tokenAnswer.extend({ token: z.string() }), z.object({ id: z.number().int(), revoked: z.literal(true) })]),
    refusals: { 400: ['TokenNameEmpty', 'TokenNameTooLong'], 403: ['SessionRequired'], 404: ['NotFound'], 409: ['TooManyTokens'] },
  }),
}

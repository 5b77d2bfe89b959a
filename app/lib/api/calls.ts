import type { ApiCall } from './call'
import { commentCalls } from './comments'
import { fileCalls } from './files'
import { memoryCalls } from './memories'
import { mtCalls } from './mt'
import { segmentCalls } from './segments'
import { settingsCalls } from './settings'
import { accessTokenCalls } from './tokens'

/** Every call of the API, in SPEC §7's order of groups: what /openapi.json describes and dispatch.server.ts answers. */
export const calls = {
  ...fileCalls,
  ...segmentCalls,
  ...commentCalls,
  ...memoryCalls,
  ...mtCalls,
  ...settingsCalls,
  ...accessTokenCalls,
} satisfies Record<string, ApiCall>

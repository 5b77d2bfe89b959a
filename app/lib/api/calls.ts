import { z } from 'zod/v4'
import { MAX_ROW_ID } from '../http/row-id'

/**
 * SPEC §7's calls, one entry each: the form fields a call validates with, the shape it answers and the refusals it
 * may send. The call functions in app/lib parse with these very schemas (read-fields.server.ts) and answer through
 * `answer()`, which the compiler holds to the answer's schema; /openapi.json is generated from them (openapi.ts).
 * Zod 4 (bundled with our zod 3.25 as `zod/v4`) writes JSON Schema 2020-12, the dialect OpenAPI 3.1 uses.
 */

/**
 * A whole number in a form, `min` … `max`: digits (a blank, `1.5`, `0x10` or `1e3` is refused), or a number where a
 * client sends one.
 */
export function wholeNumber(min: number, max: number) {
  return z.union([z.int().min(min).max(max), z.string().regex(/^\s*\d{1,15}\s*$/)]).pipe(z.coerce.number<string | number>().int().min(min).max(max))
}

/** A row id in a form: anything that cannot name a row reads as "not found" (read-fields.server.ts). */
export const rowIdField = wholeNumber(1, MAX_ROW_ID)

/** The message a flag's issue carries, so the refusal can say "0 or 1". */
export const FLAG_ISSUE = 'flag'

/** SPEC §7's 0/1 flags, and what HTML checkboxes and scripts send for them. */
export const flagField = z
  .enum(['0', '1', 'false', 'true', 'off', 'on'], { error: FLAG_ISSUE })
  .transform((value) => value === '1' || value === 'true' || value === 'on')

/** The longest text a lookup call (TM matches, concordance, MT) takes. */
export const LOOKUP_TEXT_MAX = 10_000

/** The longest editing time a job records, in seconds (ten years): anything above is a client's mistake. */
export const EDITING_TIME_MAX = 315_360_000

const projectId = rowIdField.meta({ description: 'The project (file) id, as the file list and files/upload give it.' })
const projectPassword = z.string().max(200).meta({ description: "The project's password, as the file list and files/upload give it." })
const segmentId = rowIdField.meta({ description: 'A segment id, as the segments call gives it.' })
const ofProject = { projectId, projectPassword }
const seconds = z.number().int().meta({ description: 'Unix time in seconds.' })
const percent = z.number().meta({ description: 'Percent, 0–100.' })

const fileSummary = z.object({
  id: z.number().int(),
  password: z.string(),
  jobId: z.number().int(),
  jobPassword: z.string(),
  name: z.string(),
  owner: z.string(),
  createTimestamp: seconds,
  source: z.string(),
  target: z.string(),
})

const creationStatus = z.object({
  status: z.enum(['WAITING', 'READY', 'FAILED']),
  projectId: z.number().int(),
  jobId: z.number().int(),
  jobPassword: z.string(),
  projectName: z.string(),
  errors: z.array(z.object({ code: z.string().meta({ description: "SPEC §8's code of why the file could not be converted." }) })).optional(),
})

const analysis = z.object({
  status: z.enum(['NEW', 'ANALYSING', 'DONE', 'EMPTY', 'PRETRANSLATING']),
  projectId: z.number().int(),
  wordCount: z.number().int(),
  segmentCount: z.number().int(),
  segmentsAnalyzed: z.number().int(),
  jobId: z.number().int(),
  jobPassword: z.string(),
})

const stats = z.object({ projectId: z.number().int(), analysisComplete: z.boolean(), translatedPercent: z.number() })

const jobData = z.object({
  id: z.number().int(),
  password: z.string(),
  projectId: z.number().int(),
  ppassword: z.string(),
  source: z.string(),
  target: z.string(),
  lastSegmentId: z.number().int().nullable(),
  progress: percent,
  segmentCount: z.number().int(),
  fileName: z.string(),
  firstSegment: z.number().int().nullable(),
  lastSegment: z.number().int().nullable(),
  mtSystemId: z.string(),
  editingTime: z.number().int().meta({ description: 'Seconds.' }),
  tmPretranslate: z.boolean(),
  mtPretranslate: z.boolean(),
  termBaseUrl: z.string(),
  synonymBaseUrl: z.string(),
})

export const commentAnswer = z.object({
  id: z.number().int(),
  segmentId: z.number().int(),
  messageType: z.union([z.literal(1), z.literal(2)]).meta({ description: '1 a comment, 2 the resolved marker (its message is empty).' }),
  message: z.string(),
  fullName: z.string(),
  threadId: z.number().int(),
  timestamp: seconds,
})

const segmentStatus = z.enum(['NEW', 'DRAFT', 'TRANSLATED'])
const saveType = z.enum(['MT', 'TM', 'MANUAL'])

const segmentAnswer = z.object({
  id: z.number().int(),
  number: z.string().meta({ description: 'The number the translator shows (parts of a split segment as 12-1, 12-2).' }),
  original: z.string(),
  translation: z.string(),
  status: segmentStatus,
  saveType: saveType.nullable(),
  saveMatch: z.number().int().nullable(),
  comments: z.array(commentAnswer),
})

const profile = z.object({
  tm_pretranslate: z.number().int(),
  mt_pretranslate: z.number().int(),
  update_mt: z.number().int(),
  email: z.string(),
})

const memory = z.object({
  id: z.number().int(),
  name: z.string(),
  sourceLang: z.string(),
  targetLang: z.string(),
  readMemory: z.boolean(),
  writeMemory: z.boolean(),
  canUpdate: z.boolean(),
  projectId: z.number().int().optional(),
})

const memorySettings = {
  id: rowIdField.optional().meta({ description: 'The memory; or its name.' }),
  name: z.string().min(1).max(200).optional(),
  readMemory: flagField,
  writeMemory: flagField,
}

const tokenAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  hint: z.string().meta({ description: "The token's first characters, to tell tokens apart." }),
  createTimestamp: seconds,
  lastUsedTimestamp: seconds.nullable(),
})

export const refusalAnswer = z.object({
  errors: z.array(z.object({ code: z.string(), message: z.string().meta({ description: 'In the interface language (the culture cookie; Latvian without one).' }) })),
})

/** How a call takes its fields. */
export type Body = 'form' | 'multipart' | 'query' | 'none'

export interface ApiCall<F extends z.ZodObject = z.ZodObject, A extends z.ZodType | 'file' = z.ZodType | 'file'> {
  method: 'get' | 'post'
  path: `/${string}`
  operationId: string
  tag: 'Files' | 'Segments' | 'Comments' | 'Translation memory' | 'Machine translation' | 'Settings' | 'Access tokens'
  summary: string
  body: Body
  fields: F
  answer: A
  /** The statuses of an answer: 200 unless said. */
  statuses?: number[]
  /** Refusals besides the 401 every call may send, by status: the codes. */
  refusals: Record<number, string[]>
}

function call<F extends z.ZodObject, A extends z.ZodType | 'file'>(spec: ApiCall<F, A>): ApiCall<F, A> {
  return spec
}

const noFields = z.object({})
const invalid = { 400: ['InvalidValue'] }
const projectRefusals = { 400: ['InvalidValue'], 404: ['NotFound'] }

export const calls = {
  files: call({
    method: 'post',
    path: '/files',
    operationId: 'listFiles',
    tag: 'Files',
    summary: "A page of the caller's files, newest first (10 a page).",
    body: 'form',
    fields: z.object({
      page: rowIdField.default(1).meta({ description: 'From 1; a page past the end is empty.' }),
      filter: z.string().max(200).default('').meta({ description: 'Part of a name, any case.' }),
    }),
    answer: z.object({ totalFiles: z.number().int(), data: z.array(fileSummary) }),
    refusals: invalid,
  }),
  upload: call({
    method: 'post',
    path: '/files/upload',
    operationId: 'uploadFiles',
    tag: 'Files',
    summary: 'Upload files; each becomes a project. `files` is accepted as well as `files[]`. 400 when none was accepted.',
    body: 'multipart',
    statuses: [200, 400],
    fields: z.object({
      source_language: z.string().max(10).meta({ description: 'A source language of the upload form, e.g. en-US.' }),
      target_language: z.string().max(10).meta({ description: 'A target language of the upload form, e.g. lv-LV.' }),
      mt_system: z.string().max(200).optional().meta({ description: 'An MT system id for the pair, e.g. apertium:eng|spa.' }),
      tm_pretranslate: flagField.optional().meta({ description: "Pretranslate from 100% TM matches; the user's setting when not sent." }),
      mt_pretranslate: flagField.optional().meta({ description: "Pretranslate with MT; the user's setting when not sent." }),
      'files[]': z.array(z.file()).optional(),
    }),
    answer: z.object({
      code: z.union([z.literal(0), z.literal(1)]).meta({ description: '1 when every file was accepted.' }),
      errors: z.array(z.object({ message: z.string().meta({ description: "SPEC §8's code." }), file: z.string().optional() })),
      data: z.object({ id_project: z.number().int(), password: z.string() }).optional(),
      time: z.number().int().meta({ description: 'Server time of the answer, in milliseconds.' }),
    }),
    refusals: {},
  }),
  creationStatus: call({
    method: 'post',
    path: '/files/creation-status',
    operationId: 'creationStatus',
    tag: 'Files',
    summary: "Whether the file is converted: WAITING, READY, or FAILED with SPEC §8's code.",
    body: 'form',
    fields: z.object(ofProject),
    answer: creationStatus,
    refusals: projectRefusals,
  }),
  analysis: call({
    method: 'post',
    path: '/files/analysis',
    operationId: 'analysis',
    tag: 'Files',
    summary: "The file's analysis: words and segments counted.",
    body: 'form',
    fields: z.object(ofProject),
    answer: analysis,
    refusals: projectRefusals,
  }),
  stats: call({
    method: 'post',
    path: '/files/stats',
    operationId: 'stats',
    tag: 'Files',
    summary: 'How much of the file is translated.',
    body: 'form',
    fields: z.object(ofProject),
    answer: stats,
    refusals: projectRefusals,
  }),
  info: call({
    method: 'post',
    path: '/files/info',
    operationId: 'fileInfo',
    tag: 'Files',
    summary: "SPEC §3's job data of the file.",
    body: 'form',
    fields: z.object(ofProject),
    answer: jobData,
    refusals: projectRefusals,
  }),
  pretranslate: call({
    method: 'post',
    path: '/files/pretranslate',
    operationId: 'pretranslate',
    tag: 'Files',
    summary: 'Start pretranslating the file from 100% TM matches (useTm=1) or with MT (useMt=1).',
    body: 'form',
    fields: z.object({
      ...ofProject,
      useTm: flagField.optional(),
      useMt: flagField.optional(),
      mtSystem: z.string().max(200).optional().meta({ description: "With useMt: the system to use, saved as the project's." }),
    }),
    answer: z.object({ projectId: z.number().int(), started: z.literal(true) }),
    refusals: { 400: ['InvalidValue', 'NoMtSystem', 'UnknownMtSystem'], 404: ['NotFound'], 409: ['PretranslationBusy'] },
  }),
  deleteFile: call({
    method: 'post',
    path: '/files/delete',
    operationId: 'deleteFile',
    tag: 'Files',
    summary: 'Delete the file: gone at once from every page and call.',
    body: 'form',
    fields: z.object(ofProject),
    answer: z.object({ projectId: z.number().int(), deleted: z.literal(true) }),
    refusals: projectRefusals,
  }),
  downloadOriginal: call({
    method: 'post',
    path: '/files/download-original',
    operationId: 'downloadOriginal',
    tag: 'Files',
    summary: 'The file as uploaded, as an attachment.',
    body: 'form',
    fields: z.object({ ...ofProject, jwt: z.string().optional().meta({ description: 'Accepted and not needed.' }) }),
    answer: 'file',
    refusals: projectRefusals,
  }),
  downloadTranslated: call({
    method: 'post',
    path: '/files/download-translated',
    operationId: 'downloadTranslated',
    tag: 'Files',
    summary: 'The translation in the original format (untranslated segments keep their source), as an attachment.',
    body: 'form',
    fields: z.object({ ...ofProject, jwt: z.string().optional().meta({ description: 'Accepted and not needed.' }) }),
    answer: 'file',
    refusals: { ...projectRefusals, 409: ['NotReady'] },
  }),
  segments: call({
    method: 'post',
    path: '/segments',
    operationId: 'segments',
    tag: 'Segments',
    summary: 'A window of the file’s segments: step on each side of center, or step before/after a segment, else the first ones.',
    body: 'form',
    fields: z.object({
      ...ofProject,
      center: rowIdField.optional(),
      before: rowIdField.optional(),
      after: rowIdField.optional(),
      step: wholeNumber(1, 100).optional().meta({ description: 'SEGMENT_PAGE_SIZE when not sent.' }),
      searchInSource: z.string().max(1_000).optional(),
      searchInTarget: z.string().max(1_000).optional(),
      searchInComments: z.string().max(1_000).optional(),
    }),
    answer: z.object({ fileId: z.number().int(), hasBefore: z.boolean(), hasAfter: z.boolean(), segments: z.array(segmentAnswer) }),
    refusals: projectRefusals,
  }),
  setActive: call({
    method: 'post',
    path: '/segments/set-active',
    operationId: 'setActiveSegment',
    tag: 'Segments',
    summary: "Remember the segment as the job's last active one, where the translator opens.",
    body: 'form',
    fields: z.object({ segmentId }),
    answer: z.object({ projectId: z.number().int(), lastSegmentId: z.number().int() }),
    refusals: projectRefusals,
  }),
  setEditTime: call({
    method: 'post',
    path: '/segments/set-edit-time',
    operationId: 'setEditTime',
    tag: 'Segments',
    summary: "Set the job's editing time, in whole seconds.",
    body: 'form',
    fields: z.object({
      projectId,
      projectPassword: projectPassword.optional(),
      editingTime: wholeNumber(0, EDITING_TIME_MAX).meta({ description: 'Whole seconds.' }),
    }),
    answer: z.object({ projectId: z.number().int(), editingTime: z.number().int() }),
    refusals: projectRefusals,
  }),
  translate: call({
    method: 'post',
    path: '/segments/translate',
    operationId: 'translateSegment',
    tag: 'Segments',
    summary: "Save a segment's translation: TRANSLATED confirms (and writes the TM), DRAFT keeps it unconfirmed.",
    body: 'form',
    fields: z.object({
      segmentId,
      status: z.string().transform((value) => value.toUpperCase()).pipe(z.enum(['TRANSLATED', 'DRAFT'])).meta({ description: 'TRANSLATED or DRAFT.' }),
      translation: z.string().max(100_000).default('').meta({ description: "With SPEC's tag syntax; the source's tags must all be there." }),
      saveType: saveType.default('MANUAL'),
      saveMatch: wholeNumber(0, 100).optional().meta({ description: 'With saveType TM: the match percent.' }),
      segment: z.string().optional().meta({ description: 'Accepted and not needed.' }),
      mtId: z.string().optional().meta({ description: 'Accepted and not needed.' }),
    }),
    answer: z.object({ segmentId: z.number().int(), number: z.number().int().meta({ description: 'Its place in the file, from 1.' }), status: z.enum(['TRANSLATED', 'DRAFT']), translation: z.string() }),
    refusals: { 400: ['InvalidValue', 'InvalidTags'], 404: ['NotFound'], 503: ['MemoryWriteFailed'] },
  }),
  addComment: call({
    method: 'post',
    path: '/comments/add',
    operationId: 'addComment',
    tag: 'Comments',
    summary: 'Comment on a segment; answers the new comment.',
    body: 'form',
    fields: z.object({ segmentId, message: z.string().default('').meta({ description: '1–750 characters, trimmed.' }) }),
    answer: commentAnswer,
    refusals: { 400: ['EmptyComment', 'CommentTooLong'], 404: ['NotFound'], 503: ['CommentNotSaved'] },
  }),
  resolveComments: call({
    method: 'post',
    path: '/comments/resolve',
    operationId: 'resolveComments',
    tag: 'Comments',
    summary: "Resolve the segment's open thread; answers the resolved marker (messageType 2).",
    body: 'form',
    fields: z.object({ segmentId }),
    answer: commentAnswer,
    refusals: { 404: ['NotFound'], 409: ['NothingToResolve'], 503: ['CommentNotSaved'] },
  }),
  tmMatches: call({
    method: 'post',
    path: '/tm/matches',
    operationId: 'tmMatches',
    tag: 'Translation memory',
    summary: 'The best matches of a text in the memories the project reads, best first.',
    body: 'form',
    fields: z.object({
      ...ofProject,
      text: z.string().max(LOOKUP_TEXT_MAX).default(''),
      count: wholeNumber(1, 20).default(5),
    }),
    answer: z.array(
      z.object({
        createdBy: z.string(),
        match: percent,
        rawMatch: percent,
        translation: z.string().meta({ description: "The unit's target with the text's tags and numbers put in." }),
        segment: z.string().meta({ description: "The unit's source as stored." }),
      }),
    ),
    refusals: projectRefusals,
  }),
  concordance: call({
    method: 'post',
    path: '/tm/concordance-search',
    operationId: 'concordanceSearch',
    tag: 'Translation memory',
    summary: 'Units whose source or target holds every word of the text, newest first, at most 20.',
    body: 'form',
    fields: z.object({ projectId, projectPassword: projectPassword.optional(), text: z.string().max(LOOKUP_TEXT_MAX).default('') }),
    answer: z.array(z.object({ raw_segment: z.string(), translation: z.string() })),
    refusals: projectRefusals,
  }),
  memories: call({
    method: 'get',
    path: '/tm',
    operationId: 'memories',
    tag: 'Translation memory',
    summary: "The caller's memories.",
    body: 'none',
    fields: noFields,
    answer: z.array(memory),
    refusals: {},
  }),
  memoriesForFile: call({
    method: 'get',
    path: '/tm/for-file',
    operationId: 'memoriesForFile',
    tag: 'Translation memory',
    summary: 'The memories of the project’s language pair, with what it reads and writes.',
    body: 'query',
    fields: z.object({ projectId }),
    answer: z.array(memory),
    refusals: projectRefusals,
  }),
  saveMemorySettings: call({
    method: 'post',
    path: '/tm/save-settings',
    operationId: 'saveMemorySettings',
    tag: 'Translation memory',
    summary: 'Whether new projects read and write a memory.',
    body: 'form',
    fields: z.object(memorySettings),
    answer: z.array(memory),
    refusals: projectRefusals,
  }),
  saveMemorySettingsForFile: call({
    method: 'post',
    path: '/tm/save-settings-for-file',
    operationId: 'saveMemorySettingsForFile',
    tag: 'Translation memory',
    summary: 'Whether the project reads and writes a memory.',
    body: 'form',
    fields: z.object({ projectId, ...memorySettings }),
    answer: z.array(memory),
    refusals: projectRefusals,
  }),
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
  saveMtSystem: call({
    method: 'post',
    path: '/settings/save-mt-system',
    operationId: 'saveMtSystem',
    tag: 'Settings',
    summary: "The project's MT system: one its languages offer, or '' for none.",
    body: 'form',
    fields: z.object({ projectId, projectPassword: projectPassword.optional(), mtSystemId: z.string().max(200).meta({ description: "Empty for none." }) }),
    answer: z.object({ projectId: z.number().int(), mtSystemId: z.string() }),
    refusals: { 400: ['InvalidValue', 'UnknownMtSystem'], 404: ['NotFound'] },
  }),
  saveUpdateMtForFile: call({
    method: 'post',
    path: '/settings/save-update-mt-for-file',
    operationId: 'saveUpdateMtForFile',
    tag: 'Settings',
    summary: 'Whether confirmed segments of the project are sent back to its MT system.',
    body: 'form',
    fields: z.object({ projectId, projectPassword: projectPassword.optional(), updateMt: flagField }),
    answer: z.object({ projectId: z.number().int(), update_mt: z.number().int() }),
    refusals: projectRefusals,
  }),
  updateMtForFile: call({
    method: 'get',
    path: '/settings/update-mt-for-file',
    operationId: 'updateMtForFile',
    tag: 'Settings',
    summary: "The project's own update-MT value, else the user's.",
    body: 'query',
    fields: z.object({ projectId }),
    answer: z.object({ projectId: z.number().int(), update_mt: z.number().int() }),
    refusals: projectRefusals,
  }),
  profile: call({
    method: 'get',
    path: '/profile',
    operationId: 'profile',
    tag: 'Settings',
    summary: "The caller's settings (flags 0 or 1) and email.",
    body: 'none',
    fields: noFields,
    answer: profile,
    refusals: {},
  }),
  saveTmPretranslate: call({
    method: 'post',
    path: '/settings/save-tm-pretranslate',
    operationId: 'saveTmPretranslate',
    tag: 'Settings',
    summary: 'Whether new uploads are pretranslated from 100% TM matches.',
    body: 'form',
    fields: z.object({ pretranslate: flagField }),
    answer: profile,
    refusals: invalid,
  }),
  saveMtPretranslate: call({
    method: 'post',
    path: '/settings/save-mt-pretranslate',
    operationId: 'saveMtPretranslate',
    tag: 'Settings',
    summary: 'Whether new uploads are pretranslated with MT.',
    body: 'form',
    fields: z.object({ pretranslate: flagField }),
    answer: profile,
    refusals: invalid,
  }),
  saveUpdateMt: call({
    method: 'post',
    path: '/settings/save-update-mt',
    operationId: 'saveUpdateMt',
    tag: 'Settings',
    summary: 'Whether confirmed segments are sent back to the MT system (projects without their own value).',
    body: 'form',
    fields: z.object({ updateMt: flagField }),
    answer: profile,
    refusals: invalid,
  }),
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
    summary: 'A new token (name; answered this once, 201), or intent=revoke with id.',
    statuses: [201, 200],
    body: 'form',
    fields: z.object({
      name: z.string().optional().meta({ description: '1–100 characters.' }),
      intent: z.enum(['revoke']).optional(),
      id: rowIdField.optional().meta({ description: 'With intent=revoke: the token to revoke.' }),
    }),
    answer: z.union([tokenAnswer.extend({ token: z.string() }), z.object({ id: z.number().int(), revoked: z.literal(true) })]),
    refusals: { 400: ['TokenNameEmpty', 'TokenNameTooLong'], 404: ['NotFound'], 409: ['TooManyTokens'] },
  }),
} satisfies Record<string, ApiCall>

/** What a call answers, as its schema says: the compiler checks every answer against the description. */
export function answer<A extends z.ZodType>(call: ApiCall<z.ZodObject, A>, value: z.output<A>, init?: ResponseInit): Response {
  return Response.json(value, init)
}

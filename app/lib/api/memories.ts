import { z } from 'zod/v4'
import { flagField, rowIdField, wholeNumber } from '../http/fields'
import { call, LOOKUP_TEXT_MAX, noFields, ofProject, percent, projectId, projectPassword, projectRefusals } from './call'

/** SPEC §7's tm group: matches, concordance and the memories' settings. */

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

export const memoryCalls = {
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
}

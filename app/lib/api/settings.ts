import { z } from 'zod/v4'
import { flagField } from '../http/fields'
import { call, invalid, noFields, projectId, projectPassword, projectRefusals } from './call'

/** SPEC §7's settings group: a project's MT system and update-MT flag, and the caller's profile. */

const profile = z.object({
  tm_pretranslate: z.number().int(),
  mt_pretranslate: z.number().int(),
  update_mt: z.number().int(),
  email: z.string(),
})

export const settingsCalls = {
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
}

import { z } from 'zod/v4'
import { uploadFields } from '../projects/upload-fields'
import { ISSUE_CATEGORIES, ISSUE_SEVERITIES, type IssueCategory, type IssueSeverity } from '../projects/revision'
import { flagField, rowIdField } from '../http/fields'
import { call, invalid, ofProject, percent, projectRefusals, seconds } from './call'

/** SPEC §7's files group: the file list, upload, a file's state, pretranslation, deletion and downloads. */

const fileSummary = z.object({
  id: z.number().int(),
  password: z.string(),
  jobId: z.number().int(),
  jobPassword: z.string(),
  name: z.string(),
  owner: z.string(),
  role: z.enum(['owner', 'translator', 'reviewer']).meta({ description: "The caller's role in the file (issue 52): owner, or a member it is shared with." }),
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

const stats = z.object({
  projectId: z.number().int(),
  analysisComplete: z.boolean(),
  translatedPercent: z.number(),
  revisedPercent: z.number().meta({ description: "Issue 52: the words a reviewer approved, in percent of the file's." }),
})

const severityCounts = z.object(Object.fromEntries(ISSUE_SEVERITIES.map((severity) => [severity, z.number().int()])) as Record<IssueSeverity, z.ZodNumber>)

/** Issue 52 point 5: files/revision-report's answer (revision-report.server.ts). */
const revisionReportAnswer = z.object({
  projectId: z.number().int(),
  wordsTotal: z.number().int(),
  wordsRevised: z.number().int().meta({ description: 'Words of the segments a reviewer approved or rejected.' }),
  segments: z.object({ revised: z.number().int(), rejected: z.number().int(), unrevised: z.number().int(), untranslated: z.number().int() }),
  issues: z.object(Object.fromEntries(ISSUE_CATEGORIES.map((category) => [category, severityCounts])) as Record<IssueCategory, typeof severityCounts>),
  issueCount: z.number().int(),
  points: z.number().int().meta({ description: 'Penalty points: minor 1, major 5, critical 10 an issue.' }),
  score: z.number().meta({ description: 'Points per 1,000 words revised, one decimal.' }),
  threshold: z.number().meta({ description: "The file's pass threshold (the owner sets it on the report page; 15 when not set)." }),
  passed: z.boolean(),
  editDistance: z.object({ characters: z.number().int(), percent: z.number() }).meta({ description: "Characters the reviewers changed, and their share of the translators' text in the revised segments." }),
  reviewers: z.array(z.string()),
  list: z.array(
    z.object({
      id: z.number().int(),
      segmentId: z.number().int(),
      number: z.number().int(),
      source: z.string(),
      translation: z.string(),
      category: z.enum(ISSUE_CATEGORIES),
      severity: z.enum(ISSUE_SEVERITIES),
      comment: z.string(),
      reviewer: z.string().nullable(),
      timestamp: seconds,
      answer: z.string().nullable(),
    }),
  ),
})

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

const member = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(['translator', 'reviewer']),
  addedTimestamp: seconds,
})

const members = z.object({ projectId: z.number().int(), members: z.array(member) })

const memberEmail = z.string().trim().min(1).max(254).meta({ description: "The colleague's account email." })

/** Issue 52: sharing is the owner's; a member's call is 403, anyone else's 404. */
const sharingRefusals = { 400: ['InvalidValue'], 403: ['Forbidden'], 404: ['NotFound'] }

export const fileCalls = {
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
    fields: uploadFields.extend({ 'files[]': z.array(z.file()).optional() }),
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
  revisionReport: call({
    method: 'post',
    path: '/files/revision-report',
    operationId: 'revisionReport',
    tag: 'Files',
    summary: "Issue 52: the file's revision report — words revised, issues by category and severity, the score against the pass threshold, the edit distance, every issue.",
    body: 'form',
    fields: z.object(ofProject),
    answer: revisionReportAnswer,
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
  share: call({
    method: 'post',
    path: '/files/share',
    operationId: 'shareFile',
    tag: 'Files',
    summary:
      "Share the file with another account, by its email, as translator or reviewer (a member already there takes the new role). The owner's call only. Answers the file's members.",
    body: 'form',
    fields: z.object({ ...ofProject, email: memberEmail, role: z.enum(['translator', 'reviewer']).meta({ description: 'translator or reviewer.' }) }),
    answer: members,
    refusals: { ...sharingRefusals, 400: ['InvalidValue', 'NoAccount', 'OwnerItself'] },
  }),
  unshare: call({
    method: 'post',
    path: '/files/unshare',
    operationId: 'unshareFile',
    tag: 'Files',
    summary: "Remove a member's access to the file (404 when that email is not a member). The owner's call only. Answers the file's members.",
    body: 'form',
    fields: z.object({ ...ofProject, email: memberEmail }),
    answer: members,
    refusals: sharingRefusals,
  }),
  members: call({
    method: 'post',
    path: '/files/members',
    operationId: 'fileMembers',
    tag: 'Files',
    summary: 'The colleagues the file is shared with, in the order they were added. The owner\'s call only.',
    body: 'form',
    fields: z.object(ofProject),
    answer: members,
    refusals: sharingRefusals,
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
}

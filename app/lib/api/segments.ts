import { z } from 'zod/v4'
import { flagField, rowIdField, wholeNumber } from '../http/fields'
import { REPLACE_MAX } from '../projects/replace-text'
import { call, ofProject, projectId, projectPassword, projectRefusals, seconds, segmentId } from './call'
import { commentAnswer } from './comments'
import { SEGMENT_FILTERS } from '../projects/segment-filter'
import { ISSUE_CATEGORIES, ISSUE_SEVERITIES, ISSUE_TEXT_MAX, REVISION_DECISIONS } from '../projects/revision'

/** SPEC §7's segments group: the window, the active segment, editing time and saving a translation. */

/** The longest editing time a job records, in seconds (ten years): anything above is a client's mistake. */
export const EDITING_TIME_MAX = 315_360_000

const segmentStatus = z.enum(['NEW', 'DRAFT', 'TRANSLATED'])
const revision = z.enum(['REVISED', 'REJECTED']).nullable().meta({ description: "Issue 52: the reviewer's decision; null: not revised (yet, or again since the translator changed it)." })

const issueAnswer = z.object({
  id: z.number().int(),
  category: z.enum(ISSUE_CATEGORIES),
  severity: z.enum(ISSUE_SEVERITIES),
  comment: z.string(),
  createdBy: z.string().nullable(),
  answer: z.string().nullable().meta({ description: "The translator's answer." }),
  answeredBy: z.string().nullable(),
})

/** The issues of segments/revise: a JSON array in one form field. */
const issuesField = z
  .string()
  .max(50_000)
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown
    } catch {
      context.addIssue({ code: 'custom', message: 'issues is not JSON' })
      return z.NEVER
    }
  })
  .pipe(
    z
      .array(
        z.object({
          category: z.enum(ISSUE_CATEGORIES),
          severity: z.enum(ISSUE_SEVERITIES).default('minor'),
          comment: z.string().max(ISSUE_TEXT_MAX).default(''),
        }),
      )
      .max(20),
  )
const saveType = z.enum(['MT', 'TM', 'MANUAL'])

const segmentAnswer = z.object({
  id: z.number().int(),
  number: z.string().meta({ description: 'The number the translator shows (parts of a split segment as 12-1, 12-2).' }),
  original: z.string(),
  translation: z.string(),
  status: segmentStatus,
  saveType: saveType.nullable(),
  saveMatch: z.number().int().nullable(),
  version: z.number().int().meta({ description: 'Issue 52: counts every change of its translation or status; segments/translate takes it as `version`.' }),
  revision,
  comments: z.array(commentAnswer),
})

export const segmentCalls = {
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
      filter: z
        .enum(SEGMENT_FILTERS)
        .optional()
        .meta({
          description:
            'Issue 58: only unconfirmed, draft or confirmed segments, those with comments or QA warnings, or repetitions; issue 52: unrevised (confirmed, no decision), revised or rejected ones.',
        }),
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
  history: call({
    method: 'post',
    path: '/segments/history',
    operationId: 'segmentHistory',
    tag: 'Segments',
    summary: "Issue 52: every change of the segment's translation or status, newest first (at most 100): who, when and how.",
    body: 'form',
    fields: z.object({ segmentId }),
    answer: z.object({
      segmentId: z.number().int(),
      versions: z.array(
        z.object({
          id: z.number().int(),
          version: z.number().int(),
          translation: z.string(),
          status: z.enum(['NEW', 'DRAFT', 'TRANSLATED', 'REVISED', 'REJECTED']),
          saveType: z.string().nullable(),
          saveMatch: z.number().int().nullable(),
          editedBy: z.string().nullable().meta({ description: 'Whose save it was; null for a pretranslation or a new version’s carry-over.' }),
          how: z
            .string()
            .meta({
              description:
                'draft, confirm, clear, propagated, replace, undo, copy-source, pretranslate-tm, pretranslate-mt, import, split, merge, restore, carried-over, or a revision: revise (an edit), approve, reject.',
            }),
          timestamp: seconds,
        }),
      ),
    }),
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
      version: wholeNumber(0, 2_000_000_000)
        .optional()
        .meta({
          description:
            "Issue 52: the segment's version the translation was based on (segments gives it). When someone has changed the segment to another text since, nothing is saved: 409 Conflict with the segment as it is now. Without it the save applies as sent.",
        }),
    }),
    answer: z.object({
      segmentId: z.number().int(),
      number: z.number().int().meta({ description: 'Its place in the file, from 1.' }),
      version: z.number().int().meta({ description: "Issue 52: the segment's version after the save, for the next save to be based on." }),
      status: z.enum(['TRANSLATED', 'DRAFT']),
      translation: z.string(),
      propagated: z
        .array(z.number().int())
        .meta({ description: 'Issue 58: the repetitions (same source, empty or draft) a confirm filled with the same translation, confirmed.' }),
    }),
    refusals: { 400: ['InvalidValue', 'InvalidTags'], 404: ['NotFound'], 409: ['Conflict'], 503: ['MemoryWriteFailed'] },
  }),
  revise: call({
    method: 'post',
    path: '/segments/revise',
    operationId: 'reviseSegment',
    tag: 'Segments',
    summary:
      "Issue 52: a reviewer's decision on a segment — approve (it is confirmed and REVISED) or reject (REJECTED, back to the translator) — with the text as revised and the issues found. The file's owner or a reviewer of it.",
    body: 'form',
    fields: z.object({
      segmentId,
      decision: z.enum(REVISION_DECISIONS),
      translation: z
        .string()
        .max(100_000)
        .optional()
        .meta({ description: "The reviewer's text, with SPEC's tags; without it the translation as it is. Edits are kept against the translator's text." }),
      version: wholeNumber(0, 2_000_000_000).optional().meta({ description: 'As in segments/translate: the version the translation was based on.' }),
      issues: issuesField
        .optional()
        .meta({
          description:
            'A JSON array of at most 20 issues: [{"category": "accuracy|fluency|terminology|style|locale|markup", "severity": "minor|major|critical", "comment": "…"}].',
        }),
    }),
    answer: z.object({
      segmentId: z.number().int(),
      number: z.number().int(),
      revision: z.enum(['REVISED', 'REJECTED']),
      issues: z.array(issueAnswer).meta({ description: "Every issue of the segment, oldest first, with the translator's answers." }),
    }),
    refusals: { 400: ['InvalidValue', 'InvalidTags', 'NothingToRevise'], 403: ['Forbidden'], 404: ['NotFound'], 409: ['Conflict'], 503: ['MemoryWriteFailed'] },
  }),
  replace: call({
    method: 'post',
    path: '/segments/replace',
    operationId: 'replaceInTranslations',
    tag: 'Segments',
    summary: 'Issue 58: find and replace in the file’s translations (text only, never inside a tag); with preview=1 only says what would change.',
    body: 'form',
    fields: z.object({
      ...ofProject,
      find: z.string().min(1).max(REPLACE_MAX),
      replace: z.string().max(REPLACE_MAX).default(''),
      matchCase: flagField.default(false),
      wholeWord: flagField.default(false),
      preview: flagField.default(false),
    }),
    answer: z.object({
      changed: z.number().int().meta({ description: 'How many segments change (or, with preview, would).' }),
      segments: z.array(
        z.object({ id: z.number().int(), number: z.number().int(), translation: z.string().meta({ description: 'The translation after the replace.' }), status: segmentStatus }),
      ),
      running: z
        .literal(true)
        .optional()
        .meta({
          description:
            'Issue 58: a replace over more than 200 segments runs in the background (or one was already running in the file): `changed` is the segments it looks at, `segments` empty; the translator shows its progress.',
        }),
    }),
    refusals: projectRefusals,
  }),
}

import { redirect } from '@remix-run/node'
import { calls } from './calls'
import { commentCall } from './comments.server'
import {
  analysisCall,
  creationStatusCall,
  deleteFileCall,
  downloadOriginalCall,
  downloadTranslatedCall,
  filesCall,
  infoCall,
  membersCall,
  pretranslateFileCall,
  shareFileCall,
  statsCall, revisionReportCall,
  unshareFileCall,
} from './files.server'
import { concordanceCall, matchesCall, memoriesCall, memoriesForFileCall, saveSettingsCall, saveSettingsForFileCall } from './memories.server'
import { mtMatchesCall } from './mt.server'
import { historyCall, replaceCall, reviseCall, segmentsCall, setActiveCall, setEditTimeCall, translateCall } from './segments.server'
import { profileCall, saveMtSystemCall, saveProfileFlagCall, saveUpdateMtForFileCall, updateMtForFileCall } from './settings.server'
import { getOnlyRefusal } from './read-fields.server'

/**
 * SPEC §7's calls, answered by one route (app/routes/$.tsx) from this table instead of a route each: React Router
 * flattens and ranks every route on each match, several times a request, so 29 routes fewer make every page cheaper
 * (decision 0021). The calls with a page of their own (files/upload, tokens) stay routes.
 */
type Answer = (request: Request) => Promise<Response>

const answers: Record<Exclude<keyof typeof calls, 'upload' | 'tokens' | 'tokenCalls'>, Answer> = {
  files: filesCall,
  creationStatus: creationStatusCall,
  analysis: analysisCall,
  stats: statsCall,
  revisionReport: revisionReportCall,
  info: infoCall,
  pretranslate: pretranslateFileCall,
  deleteFile: deleteFileCall,
  share: shareFileCall,
  unshare: unshareFileCall,
  members: membersCall,
  downloadOriginal: downloadOriginalCall,
  downloadTranslated: downloadTranslatedCall,
  segments: segmentsCall,
  setActive: setActiveCall,
  history: historyCall,
  setEditTime: setEditTimeCall,
  translate: translateCall,
  replace: replaceCall,
  revise: reviseCall,
  addComment: (request) => commentCall(request, 'comment-add'),
  resolveComments: (request) => commentCall(request, 'comment-resolve'),
  tmMatches: matchesCall,
  concordance: concordanceCall,
  memories: memoriesCall,
  memoriesForFile: memoriesForFileCall,
  saveMemorySettings: saveSettingsCall,
  saveMemorySettingsForFile: saveSettingsForFileCall,
  mtMatches: mtMatchesCall,
  saveMtSystem: saveMtSystemCall,
  saveUpdateMtForFile: saveUpdateMtForFileCall,
  updateMtForFile: updateMtForFileCall,
  profile: profileCall,
  saveTmPretranslate: (request) => saveProfileFlagCall(request, 'tmPretranslate'),
  saveMtPretranslate: (request) => saveProfileFlagCall(request, 'mtPretranslate'),
  saveUpdateMt: (request) => saveProfileFlagCall(request, 'updateMt'),
}

/** Where a browser that GETs a POST call lands: the page whose settings the call changes; the file list otherwise. */
const pageFor: Partial<Record<keyof typeof answers, string>> = { saveMemorySettings: '/memories', saveMemorySettingsForFile: '/memories' }

interface Callable {
  method: 'get' | 'post'
  answer: Answer
  page: string
}

const byPath = new Map<string, Callable>(
  Object.entries(answers).map(([name, answer]) => {
    const { method, path } = calls[name as keyof typeof answers]
    return [path, { method, answer, page: pageFor[name as keyof typeof answers] ?? '/' }]
  }),
)

/** The call at the request's path, matched as the routes were: any case, a trailing slash ignored. */
function callAt(request: Request): Callable | undefined {
  return byPath.get(new URL(request.url).pathname.toLowerCase().replace(/(.)\/+$/, '$1'))
}

/** A GET (or HEAD): a GET call answers; a POST call's address, like any other, sends the browser to a page. */
export function answerGet(request: Request): Promise<Response> {
  const call = callAt(request)
  if (call?.method === 'get') return call.answer(request)
  throw redirect(call?.page ?? '/')
}

/** Any other method: a POST call answers; a GET call says 405 with `Allow: GET`; anything else goes to the file list. */
export function answerPost(request: Request): Promise<Response> {
  const call = callAt(request)
  if (call?.method === 'post') return call.answer(request)
  if (call?.method === 'get') return getOnlyRefusal(request)
  throw redirect('/')
}

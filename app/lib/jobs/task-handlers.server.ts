import { exchangeImportHandlers } from '../exchange/exchange-import.server'
import { taskHandlers } from '../projects/pipeline.server'
import { purgeHandlers } from '../projects/purge.server'
import { replaceHandlers } from '../projects/replace.server'
import { qaHandlers } from '../qa/segment-qa.server'
import { glossaryImportHandlers } from '../terms/glossary-import.server'
import { indexImageHandlers } from '../tm/index-cache.server'
import { tmxImportHandlers } from '../tm/tmx-import.server'
import type { TaskHandler } from './worker.server'
import type { TaskKind } from './queue.server'

/** Every kind of background task and what runs it (DESIGN "Data flow"): what a task thread or worker process serves. */
export const allTaskHandlers: Record<TaskKind, TaskHandler> = { ...taskHandlers, ...tmxImportHandlers, ...glossaryImportHandlers, ...purgeHandlers, ...qaHandlers, ...exchangeImportHandlers, ...replaceHandlers, ...indexImageHandlers }

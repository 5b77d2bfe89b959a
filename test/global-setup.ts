import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'

/**
 * PGlite's initdb takes seconds; loading a dumped data directory takes a fraction of that. We make one
 * empty cluster per run and every test file starts from a copy of it (migrations run per file, so they are
 * exercised every time). It is made in a child process: PGlite's Emscripten runtime ends vitest's own
 * process silently when loaded into it.
 */
export default function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '')
    return
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tulks-test-'))
  const file = path.join(dir, 'template.tar')
  execFileSync(process.execPath, [path.join(import.meta.dirname, 'make-pglite-template.mjs'), file], { stdio: 'inherit' })
  project.provide('pgliteTemplate', file)
  return () => fs.rmSync(dir, { recursive: true, force: true })
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
  }
}

import path from 'node:path'
import { defineConfig } from 'vitest/config'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * The files that take longest, slowest first (a full run on PGlite, 2026-11-28: 163, 94, 43, 28 and 22 s). A fresh
 * clone (CI) has no record of earlier runs, and vitest then starts the largest files first: a long file that
 * happens to be short in bytes began near the end and the other worker sat idle meanwhile.
 */
const LONGEST = [
  'test/durability.test.ts',
  'test/durability-tasks.test.ts',
  'test/server.test.ts',
  'test/tm-index.test.ts',
  'app/lib/formats/docx/filter.server.test.ts',
]

class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST.indexOf(path.relative(import.meta.dirname, file.moduleId).split(path.sep).join('/'))
      return at === -1 ? LONGEST.length : at
    }
    const sorted = await super.sort(files)
    return sorted.map((file, index) => ({ file, index })).sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index).map(({ file }) => file)
  }
}

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: more workers only contend for the same CPU while PGlite starts.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
})

// Adds up the JSON reports of every test run (vitest and Playwright) into one closing line.
import fs from 'node:fs'
import path from 'node:path'

const dir = process.argv[2]
let passed = 0
let failed = 0
let skipped = 0
for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json')).sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'))
  let p, f, s
  if ('numPassedTests' in report) {
    ;[p, f, s] = [report.numPassedTests, report.numFailedTests, report.numPendingTests + report.numTodoTests]
  } else {
    const stats = report.stats
    ;[p, f, s] = [stats.expected + stats.flaky, stats.unexpected, stats.skipped]
    if (stats.flaky > 0) console.log(`${name.replace(/\.json$/, '')}: ${stats.flaky} passed only on retry (flaky; see the list above)`)
  }
  console.log(`${name.replace(/\.json$/, '')}: ${p} passed, ${f} failed, ${s} skipped`)
  passed += p
  failed += f
  skipped += s
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failed > 0 ? 1 : 0)

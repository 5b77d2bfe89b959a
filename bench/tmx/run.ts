/**
 * bench/tmx (issue 5, TMX): how fast a TMX memory is read and written, beside the floor measured in the same run —
 * htmlparser2 tokenizing the same text with empty callbacks, which readTmx cannot beat.
 *
 *   npx tsx bench/tmx/run.ts [units]        (default 60,000 units, about 18 MB)
 */
import { Parser } from 'htmlparser2'
import { decodeXmlText, readTmx, type TmUnit } from '../../app/lib/tm/tmx'
import { writeTmx } from '../../app/lib/tm/tmx-write'
import { printTable, thousands, times } from '../print'

const unitCount = Number(process.argv[2] ?? 60_000)
const pair = { sourceLang: 'en', targetLang: 'lv' }

function unit(index: number): TmUnit {
  return {
    source: `Unit ${index}: the <g1>quick</g1> brown fox <ph2/> jumps over the lazy dog ${index % 97}.`,
    target: `Vienība ${index}: ātrā <g1>brūnā</g1> lapsa <ph2/> pārlec slinkajam sunim ${index % 89}.`,
    sourceLang: 'en-US',
    targetLang: 'lv-LV',
    created: new Date(Date.UTC(2024, 0, 1) + index * 1000),
  }
}

async function* chunks(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size)
}

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now()
  await run()
  return performance.now() - start
}

let xml = ''
const writeMs = await timed(async () => {
  for await (const chunk of writeTmx(Array.from({ length: unitCount }, (_, index) => unit(index)), { sourceLang: 'en-US', creationToolVersion: 'bench' })) xml += chunk
})
const bytes = new TextEncoder().encode(xml)
const megabytes = bytes.length / 1e6

const floorMs = await timed(async () => {
  const parser = new Parser({ onopentag() {}, ontext() {}, onclosetag() {} }, { xmlMode: true })
  for await (const text of decodeXmlText(chunks(bytes))) parser.write(text)
  parser.end()
})

let read = 0
const readMs = await timed(async () => {
  const reading = readTmx(chunks(bytes), pair)
  for await (const _unit of reading.units) read++
  if (reading.importReport.error || read !== unitCount) throw new Error(`read ${read} of ${unitCount}: ${JSON.stringify(reading.importReport.error)}`)
})

const row = (name: string, ms: number) => [name, thousands(ms), (megabytes / (ms / 1000)).toFixed(1), times(ms / floorMs)]
console.log(`${thousands(unitCount)} units, ${megabytes.toFixed(1)} MB`)
printTable(['step', 'ms', 'MB/s', 'vs floor'], [row('floor: htmlparser2, empty callbacks', floorMs), row('readTmx', readMs), row('writeTmx', writeMs)])

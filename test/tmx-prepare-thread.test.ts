import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { chunked, sampleBytes, tmx, unitXml } from '~/lib/tm/tmx-test-streams'
import type { ImportReport } from '~/lib/tm/tmx'
import { readTmxUpload } from '~/lib/tm/tmx-archive.server'
import { importedUnits, preparedInThread } from '~/lib/tm/tmx-prepare.server'
import { prepareBatches, type PreparedBatch } from '~/lib/tm/units.server'

/**
 * A TMX import on PostgreSQL prepares its batches in a thread of its own (tmx-prepare.server.ts): the same batches,
 * byte for byte, and the same report as preparing them in the task's thread, for good, broken and packed uploads.
 */
const ENTRY = new URL('./fixtures/tmx-prepare-thread.mjs', import.meta.url)
const PAIR = { sourceLang: 'en', targetLang: 'lv' }

async function inThread(bytes: Uint8Array, entry = ENTRY) {
  const outcome: { report?: ImportReport } = {}
  const batches: PreparedBatch[] = []
  for await (const batch of preparedInThread(entry, chunked(bytes, 4096), PAIR, outcome)) batches.push(batch)
  return { batches, report: outcome.report }
}

async function inline(bytes: Uint8Array) {
  const reading = readTmxUpload(chunked(bytes, 4096), PAIR)
  const batches: PreparedBatch[] = []
  for await (const batch of prepareBatches(importedUnits(reading.batches), 'postgres')) batches.push(batch)
  return { batches, report: reading.importReport }
}

const bytesOf = (batches: PreparedBatch[]) => batches.map((batch) => ({ ...batch, parameters: batch.parameters.map((each) => Buffer.from(each as Uint8Array).toString('hex')) }))

/** 4,500 units (batches of 2,000, 2,000 and 498), one source three times: in the first batch twice, in the second once. */
function largeTmx(): string {
  const units: string[] = []
  for (let index = 0; index < 4_500; index++) {
    const source = index % 1_999 === 0 ? 'Repeated source.' : `Unit ${index}: <bpt i="1">&lt;b></bpt>bold<ept i="1">&lt;/b></ept> text.`
    units.push(unitXml(source, `Vienība ${index}`, ` creationid="u${index % 7}" creationdate="20240102T0304${String(index % 60).padStart(2, '0')}Z"`))
  }
  return tmx(units.join(''))
}

describe('the TMX prepare thread', () => {
  it.each<[string, () => Uint8Array, string | undefined]>([
    ['a sample', () => sampleBytes('tatoeba_en-lv.tmx'), undefined],
    ['4,500 units in three batches', () => new TextEncoder().encode(largeTmx()), undefined],
    ['a .tmx.gz', () => gzipSync(new TextEncoder().encode(largeTmx())), undefined],
    ['a file broken after 2,000 units', () => new TextEncoder().encode(largeTmx().slice(0, 600_000) + '</tu></body></tmx>'), 'malformed-xml'],
    ['a gzip that breaks', () => gzipSync(new TextEncoder().encode(largeTmx())).subarray(0, 20_000), 'invalid-gzip'],
  ])('gives what the task thread gives: %s', async (_case, bytes, error) => {
    const input = bytes()
    const [threaded, expected] = await Promise.all([inThread(input), inline(input)])
    expect(threaded.report?.error?.code).toBe(error)
    expect(threaded.report).toStrictEqual(JSON.parse(JSON.stringify(expected.report)))
    expect(bytesOf(threaded.batches)).toStrictEqual(bytesOf(expected.batches))
    expect(threaded.batches.every((batch) => batch.parameters.every((each) => Buffer.isBuffer(each)))).toBe(true)
  }, 60_000)

  it('names the batch that shares a source with the one before', async () => {
    const { batches } = await inThread(new TextEncoder().encode(largeTmx()))
    expect(batches.map((batch) => batch.sharesSource)).toStrictEqual([false, true, false])
  }, 60_000)

  it('fails the import when the stored upload cannot be read', async () => {
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield* chunked(new TextEncoder().encode(largeTmx()).subarray(0, 100_000), 4096)
      throw new Error('connection lost')
    }
    const reading = preparedInThread(ENTRY, failing(), PAIR, {})
    await expect(async () => {
      for await (const batch of reading) expect(batch).toBeDefined()
    }).rejects.toThrow('connection lost')
  }, 60_000)

  it('fails the import when the thread cannot run', async () => {
    const missing = new URL('./fixtures/no-such-thread.mjs', import.meta.url)
    await expect(inThread(sampleBytes('tatoeba_en-lv.tmx'), missing)).rejects.toThrow()
  }, 60_000)
})

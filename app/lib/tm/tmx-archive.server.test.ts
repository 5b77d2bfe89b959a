import { gzipSync } from 'node:zlib'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { readTmxUpload } from './tmx-archive.server'
import { chunked, collect, sampleBytes } from './tmx-test-streams'

const enFr = { sourceLang: 'en', targetLang: 'fr' }
const pensieve = sampleBytes('okapi_pensieve_mytm.tmx')
const utf16 = sampleBytes('okapi_ImportTest2A.tmx')

describe('readTmxUpload', () => {
  it.each<[string, Uint8Array, number]>([
    ['plain .tmx', pensieve, 25],
    ['.tmx.gz', gzipSync(pensieve), 25],
    ['.tmx.gz of a UTF-16 file', gzipSync(utf16), 7],
    ['.zip with one .tmx among other files', zipSync({ 'readme.txt': strToU8('hello'), 'tm/mytm.TMX': pensieve }), 25],
    ['.zip stored without compression', zipSync({ 'mytm.tmx': utf16 }, { level: 0 }), 7],
  ])('%s, fed in small chunks', async (_case, bytes, count) => {
    for (const size of [3, 1000]) {
      const { units, report } = await collect(readTmxUpload(chunked(bytes, size), enFr))
      expect(report.error).toBeUndefined()
      expect(units).toHaveLength(count)
    }
  })

  it('gives the same units from .tmx, .tmx.gz and .zip', async () => {
    const plain = await collect(readTmxUpload(chunked(pensieve), enFr))
    const gz = await collect(readTmxUpload(chunked(gzipSync(pensieve), 100), enFr))
    const zip = await collect(readTmxUpload(chunked(zipSync({ 'a.tmx': pensieve }), 100), enFr))
    expect(gz).toStrictEqual(plain)
    expect(zip).toStrictEqual(plain)
  })

  it.each<[string, Uint8Array, string]>([
    ['a truncated .gz', gzipSync(pensieve).subarray(0, 1000), 'invalid-gzip'],
    ['a .gz with a corrupt body', Uint8Array.from(gzipSync(pensieve), (byte, index) => (index > 20 && index < 60 ? 0 : byte)), 'invalid-gzip'],
    ['a .zip without a .tmx', zipSync({ 'readme.txt': strToU8('hello') }), 'zip-without-tmx'],
    ['a .zip with two .tmx', zipSync({ 'a.tmx': pensieve, 'b.tmx': pensieve }), 'zip-with-several-tmx'],
    ['a .zip of something else', zipSync({ 'a.tmx': strToU8('<html/>') }), 'not-tmx'],
  ])('%s stops with an error value', async (_case, bytes, code) => {
    const { report } = await collect(readTmxUpload(chunked(bytes, 512), enFr))
    expect(report.error?.code).toBe(code)
  })

  it('passes on a failure of the upload itself instead of waiting for more bytes', async () => {
    async function* failingUpload() {
      yield gzipSync(pensieve).subarray(0, 500)
      throw new Error('connection reset')
    }
    await expect(collect(readTmxUpload(failingUpload(), enFr))).rejects.toThrow('connection reset')
  })
})

import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { db } from '~/lib/db/db.server'
import { float8Array, int4Array, textArray, uuidArray } from '~/lib/db/binary-arrays'
import { engine, withTestDatabase } from './database'

/**
 * Decision 0014, sixth and tenth addenda: a TMX import's batch travels to PostgreSQL and to PGlite as binary arrays.
 * What the server reads back must be exactly what was sent: any text (quotes, backslashes, braces, commas, NULL-looking words, emoji,
 * Latvian and Russian), integers at int4's ends, times with nulls among them, md5 hashes as uuids, and empty arrays.
 */
withTestDatabase()

const md5 = (text: string) => createHash('md5').update(text).digest('hex')
const texts = ['', 'NULL', 'a "quoted", {braced} \\ word', 'Ķēniņš — ёлка 🌲', ' spaced  ', 'x'.repeat(70_000)]
const integers = [0, 1, -1, 2_147_483_647, -2_147_483_648, 42]
const times = [Date.UTC(2026, 10, 28, 12, 30, 15, 250), undefined, 0, -86_400_000]

describe('binary arrays', () => {
  it('lays out a one-dimensional array as array_recv reads it', () => {
    const buffer = int4Array([7])
    expect([...buffer]).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 23, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 7])
    expect(float8Array([undefined]).readInt32BE(4)).toBe(1)
    expect(float8Array([undefined]).readInt32BE(20)).toBe(-1)
    expect(textArray(['ā']).readInt32BE(20)).toBe(2)
    const hash = '00112233445566778899aabbccddeeff'
    expect(uuidArray([hash]).readInt32BE(8)).toBe(2950)
    expect(uuidArray([hash]).subarray(20).toString('hex')).toBe(`00000010${hash}`)
    expect(() => uuidArray(['0011'])).toThrow(RangeError)
  })

  it(`reads back on ${engine()} exactly what was sent`, async () => {
    const hashes = [md5('Ķēniņš'), md5(''), 'ffffffffffffffffffffffffffffffff']
    const [row] = await db().query<{ texts: string[]; integers: number[]; times: (number | null)[]; empty: number[]; none: string[]; hashes: string[] }>(
      `select $1::text[] as texts, $2::integer[] as integers,
              array(select extract(epoch from to_timestamp(t / 1000.0)) * 1000 from unnest($3::float8[]) as t) as times,
              $4::integer[] as empty, $5::text[] as none, array(select replace(h::text, '-', '') from unnest($6::uuid[]) as h) as hashes`,
      [textArray(texts), int4Array(new Int32Array(integers)), float8Array(times), int4Array([]), textArray([]), uuidArray(hashes)],
    )
    expect(row!.hashes).toEqual(hashes)
    expect(row!.texts).toEqual(texts)
    expect(row!.integers).toEqual(integers)
    expect(row!.times.map((time) => (time === null ? undefined : Number(time)))).toEqual(times)
    expect(row!.empty).toEqual([])
    expect(row!.none).toEqual([])
  })
})

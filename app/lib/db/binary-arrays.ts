/**
 * One-dimensional PostgreSQL arrays in the binary wire format (array_recv), for parameters that both drivers send
 * as binary because they are bytes (node-postgres a Buffer, our PGlite runner any Uint8Array: asParameter): the
 * server reads lengths instead of parsing a literal, and the client writes no quotes or escapes. Layout: dimensions
 * (1), has-nulls flag, element type, length, lower bound (1), then each element as a byte count (-1 for null) and its
 * bytes, all big-endian.
 */
import os from 'node:os'

const HEADER_BYTES = 20

const TEXT_OID = 25
const INT4_OID = 23
const FLOAT8_OID = 701
const UUID_OID = 2950

const LITTLE_ENDIAN = os.endianness() === 'LE'

function header(buffer: Buffer, elementType: number, length: number, hasNulls: boolean): number {
  buffer.writeInt32BE(1, 0)
  buffer.writeInt32BE(hasNulls ? 1 : 0, 4)
  buffer.writeInt32BE(elementType, 8)
  buffer.writeInt32BE(length, 12)
  buffer.writeInt32BE(1, 16)
  return HEADER_BYTES
}

/** A text[] of the strings, as UTF-8. */
export function textArray(values: readonly string[]): Buffer {
  let bytes = HEADER_BYTES + 4 * values.length
  for (const value of values) bytes += Buffer.byteLength(value)
  const buffer = Buffer.allocUnsafe(bytes)
  let at = header(buffer, TEXT_OID, values.length, false)
  for (const value of values) {
    const written = buffer.write(value, at + 4)
    buffer.writeInt32BE(written, at)
    at += 4 + written
  }
  return buffer
}

/** An integer[] of the numbers (each within int4): written as native words, then turned big-endian at once. */
export function int4Array(values: ArrayLike<number>): Buffer {
  const words = new Int32Array(HEADER_BYTES / 4 + 2 * values.length)
  words.set([1, 0, INT4_OID, values.length, 1])
  for (let index = 0, at = HEADER_BYTES / 4; index < values.length; index++, at += 2) {
    words[at] = 4
    words[at + 1] = values[index]!
  }
  const buffer = Buffer.from(words.buffer)
  return LITTLE_ENDIAN ? buffer.swap32() : buffer
}

/** A uuid[] of 32-digit hex strings (md5 hashes), undefined as null. */
export function uuidArray(values: readonly (string | undefined)[]): Buffer {
  const nulls = values.filter((value) => value === undefined).length
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + 20 * values.length - 16 * nulls)
  let at = header(buffer, UUID_OID, values.length, nulls > 0)
  for (const value of values) {
    if (value === undefined) {
      buffer.writeInt32BE(-1, at)
      at += 4
      continue
    }
    buffer.writeInt32BE(16, at)
    if (buffer.write(value, at + 4, 'hex') !== 16) throw new RangeError(`Not a uuid: ${value}`)
    at += 20
  }
  return buffer
}

/** A float8[] of the numbers, undefined as null. */
export function float8Array(values: readonly (number | undefined)[]): Buffer {
  const nulls = values.filter((value) => value === undefined).length
  const buffer = Buffer.allocUnsafe(HEADER_BYTES + 12 * values.length - 8 * nulls)
  let at = header(buffer, FLOAT8_OID, values.length, nulls > 0)
  for (const value of values) {
    if (value === undefined) {
      buffer.writeInt32BE(-1, at)
      at += 4
    } else {
      buffer.writeInt32BE(8, at)
      buffer.writeDoubleBE(value, at + 4)
      at += 12
    }
  }
  return buffer
}

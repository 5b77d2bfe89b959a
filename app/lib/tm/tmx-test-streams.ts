/** Test-only helpers: bytes as a chunked stream, and a reading collected whole. */
import fs from 'node:fs'
import path from 'node:path'
import { type ImportReport, type TmUnit, type TmxReading } from './tmx'

export const SAMPLES = path.resolve(import.meta.dirname, '../../../../shared/samples/tmx')

export function sampleBytes(name: string): Uint8Array {
  return new Uint8Array(fs.readFileSync(path.join(SAMPLES, name)))
}

/** The bytes cut into chunks of `size`, so that every boundary case (mid-tag, mid-character) is met. */
export async function* chunked(bytes: Uint8Array, size = 64 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size)
}

export async function* textStream(xml: string, size?: number): AsyncGenerator<Uint8Array> {
  yield* chunked(new TextEncoder().encode(xml), size)
}

export async function collect(reading: TmxReading): Promise<{ units: TmUnit[]; report: ImportReport }> {
  const units: TmUnit[] = []
  for await (const unit of reading.units) units.push(unit)
  return { units, report: reading.importReport }
}

/** A TMX document around the given <tu> elements. */
export function tmx(body: string, header = '<header srclang="en" adminlang="en" segtype="sentence" datatype="plaintext" o-tmf="t" creationtool="t" creationtoolversion="1"/>'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">${header}<body>${body}</body></tmx>`
}

/** One unit with an English and a Latvian seg. */
export function unitXml(english: string, latvian: string, attributes = ''): string {
  return `<tu${attributes}><tuv xml:lang="en-US"><seg>${english}</seg></tuv><tuv xml:lang="lv-LV"><seg>${latvian}</seg></tuv></tu>`
}

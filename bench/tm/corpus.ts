/**
 * Memories and queries for bench/tm and the index test, built from ../shared/samples/parallel (NTREX-128 news
 * in English, Latvian and Russian; Tatoeba EN-LV and EN-RU): every line is a source, its aligned line the target.
 * Past the first round each sentence comes back with seeded edits (a word dropped, replaced or added, a number or
 * case changed), up to three, until the size is reached — so near matches abound, as in a real memory.
 * Queries: a quarter exact hits, a half near misses (one or two edits), a quarter unrelated splices of two units.
 */
import fs from 'node:fs'
import path from 'node:path'
import { serialize } from '../../app/lib/tags'
import { seeded } from '../measure'

const SAMPLES = path.join(import.meta.dirname, '../../../shared/samples/parallel')
/** Each file with the file its lines are aligned with. */
const PAIRS: [string, string][] = [
  ['en-lv-ru/ntrex128.newstest2019.en.txt', 'en-lv-ru/ntrex128.newstest2019.lv.txt'],
  ['en-lv-ru/ntrex128.newstest2019.lv.txt', 'en-lv-ru/ntrex128.newstest2019.ru.txt'],
  ['en-lv-ru/ntrex128.newstest2019.ru.txt', 'en-lv-ru/ntrex128.newstest2019.en.txt'],
  ['en-lv/tatoeba_laser.en-lv.en', 'en-lv/tatoeba_laser.en-lv.lv'],
  ['en-lv/tatoeba_laser.en-lv.lv', 'en-lv/tatoeba_laser.en-lv.en'],
  ['en-ru/tatoeba_laser.en-ru.en', 'en-ru/tatoeba_laser.en-ru.ru'],
  ['en-ru/tatoeba_laser.en-ru.ru', 'en-ru/tatoeba_laser.en-ru.en'],
]

export interface SamplePair {
  source: string
  target: string
}

function lines(file: string): string[] {
  return fs.readFileSync(path.join(SAMPLES, file), 'utf8').split('\n').map((line) => line.trim())
}

/** Plain text as a canonical string (markup characters escaped): edits work on plain text, units are canonical. */
const canonical = (plain: string) => serialize([{ kind: 'text', text: plain }])

export const samplePairs: SamplePair[] = PAIRS.flatMap(([sourceFile, targetFile]) => {
  const targets = lines(targetFile)
  return lines(sourceFile).flatMap((source, at) => (source && targets[at] ? [{ source, target: targets[at] ?? '' }] : []))
})

const vocabulary = [...new Set(samplePairs.flatMap((pair) => pair.source.split(' ')))]

export function edit(sentence: string, random: () => number): string {
  const words = sentence.split(' ')
  const at = Math.floor(random() * words.length)
  const other = vocabulary[Math.floor(random() * vocabulary.length)] ?? 'word'
  switch (Math.floor(random() * 5)) {
    case 0:
      return words.filter((_, position) => position !== at).join(' ')
    case 1:
      return words.map((word, position) => (position === at ? other : word)).join(' ')
    case 2:
      return [...words.slice(0, at), other, ...words.slice(at)].join(' ')
    case 3:
      return /\d/.test(sentence) ? sentence.replace(/\d/, String(Math.floor(random() * 10))) : `${sentence} ${at}`
    default:
      return words.map((word, position) => (position === at ? word.toUpperCase() : word)).join(' ')
  }
}

/** Source and target canonical; plainSource for making queries. */
export interface CorpusUnit extends SamplePair {
  plainSource: string
  /** Seconds after the epoch of the corpus, so ties in match break by a known change time. */
  changedSecond: number
}

/** `size` units (some sources repeat after editing; an import keeps one unit per source). */
export function corpusUnits(size: number): CorpusUnit[] {
  return Array.from(corpusStream(size))
}

/** corpusUnits one by one, for memories too large to hold as strings (ten million units are about 3 GB). */
export function* corpusStream(size: number): Generator<CorpusUnit> {
  const random = seeded(size)
  for (let at = 0; at < size; at++) {
    const base = samplePairs[at % samplePairs.length] ?? { source: '', target: '' }
    const round = Math.floor(at / samplePairs.length)
    let source = base.source
    for (let edits = 0; edits < Math.min(round, 3); edits++) source = edit(source, random)
    yield { source: canonical(source), target: canonical(base.target), plainSource: source, changedSecond: Math.floor(random() * 1000) }
  }
}

/** `count` canonical query segments from the units' plain sources (all of them, or an even sample of a large corpus). */
export function corpusQueries(units: readonly Pick<CorpusUnit, 'plainSource'>[], count: number, seed: number): string[] {
  const random = seeded(seed)
  const pick = () => units[Math.floor(random() * units.length)]?.plainSource ?? ''
  return Array.from({ length: count }, (_, at) => canonical(plainQuery(at, pick, random)))
}

function plainQuery(at: number, pick: () => string, random: () => number): string {
  switch (at % 4) {
    case 0:
      return pick()
    case 1:
      return edit(pick(), random)
    case 2:
      return edit(edit(pick(), random), random)
    default: {
      const [first, second] = [pick().split(' '), pick().split(' ')]
      return [...first.slice(0, first.length >> 1), ...second.slice(second.length >> 1)].join(' ')
    }
  }
}

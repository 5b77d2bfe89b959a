/**
 * One memory's fuzzy-match index in typed arrays (decision 0011): every unit's key hashes (index-keys.ts; in token
 * order, or sorted for a unit stored before issue 53) and, per key, the units holding it; and every unit's
 * concordance words (concordance-words.ts) with a 128-bit signature of them, which a concordance search scans
 * (decision 0014). A derived copy of what the database stores
 * (tm_units.keys and .words); index-cache.server.ts loads it and keeps it in step. Pure and browser-safe; the proof
 * of the filter is in candidate-filter.ts.
 *
 * Layout: a unit lives in a slot. Postings are packed as (min(token count, 255) << 24 | slot), so that a key's
 * postings sorted as numbers are sorted by token count and the length window is one binary search. They are built
 * in one block per key (`rebuild`); units added later go to a small unsorted list per key until the next rebuild.
 * A removed unit's slot is only marked dead; rebuild drops dead slots.
 */
import { DEFAULT_TOP, lengthWindow, maxDistance } from './candidate-filter'
import { PENALTY } from './fuzzy-score'
import { commonBitsOf, commonKeysOf, markCommonBits, unreadCommon } from './common-keys'
import { countKeys, isAscending, queryKeysOf, type QueryKeys, sequenceDistance, sharedKeys } from './index-keys'
import type { IndexImage, IndexKeys, IndexWords } from './index-image'
import { firstAtLeast, Growable, holding, holdsSorted, indexOfSorted, int32, samePart, slotWithId } from './typed-arrays'

/** 2^24 slots: the packed posting's low 24 bits. */
const MAX_SLOTS = 1 << 24
const LENGTH_CAP = 255

/** The most a match's penalties take from its base score (tags, case and numbers differing). */
const MOST_PENALTIES = PENALTY.tags + PENALTY.case + PENALTY.numbers

/** Past the prefix, keys are read while the postings read stay within this many times the prefix's. */
const EXTEND_POSTINGS = 2

export interface IndexCandidate {
  unitId: number
  /**
   * The best score the unit could reach: floor(100·(L − d) / L) with d the distance between the key sequences (issue
   * 53), or, for a unit whose keys were stored sorted, floor(100·shared / L) (candidate-filter.ts, steps 1 and 2).
   */
  bound: number
}

const NO_WORDS: readonly number[] = []

/** Four 32-bit words a slot: a word sets two of the 128 bits (each the top seven bits of a multiplicative mix). */
const SIGNATURE = 4

/**
 * Sets a word's two bits in the signature at `at`. With two bits a word, a search for one word passes about one unit of
 * twenty words in fourteen on to the exact check, for two words one in two hundred (one bit a word in 64
 * passed one in four, and a scan of a million units took 15 ms instead of 11).
 */
function addToSignature(signatures: Int32Array, at: number, word: number): void {
  const first = Math.imul(word, 0x9e3779b1) >>> 25
  const second = Math.imul(word, 0x85ebca6b) >>> 25
  signatures[at + (first >>> 5)] = (signatures[at + (first >>> 5)] as number) | (1 << (first & 31))
  signatures[at + (second >>> 5)] = (signatures[at + (second >>> 5)] as number) | (1 << (second & 31))
}

export class MemoryIndex {
  // Per slot: the unit's id, token count, where its keys start in `keyPool`, whether it is still there.
  private ids!: Growable<Float64Array>
  private tokenCounts!: Growable<Int32Array>
  private keyStarts!: Growable<Int32Array>
  private alive!: Growable<Uint8Array>
  private keyPool!: Growable<Int32Array>
  // Per slot: 1 when its keys in `keyPool` are in token order (issue 53), 0 when they were given sorted (units stored
  // before it, or a sequence in ascending order: the two cannot be told apart, and a sorted multiset bounds nothing).
  private ordered!: Growable<Uint8Array>
  // Per slot: where its concordance words start in `wordPool` (sorted; they end where the next slot's start), and
  // their signature.
  private wordStarts!: Growable<Int32Array>
  private wordPool!: Growable<Int32Array>
  private signatures!: Growable<Int32Array>
  // Per slot, which of the memory's commonest keys (`common`, chosen when the postings are built) it holds (common-keys.ts).
  private commonBits!: Growable<Uint8Array>
  private common: Int32Array = new Int32Array(0)
  /** Slots of units without tokens (only tags, or nothing): the only ones an empty query can match. */
  private withoutTokenSlots: number[] = []
  /** Per unit put, its slot; a unit read from an image is found through `imageSlots` instead. */
  private readonly slotOf = new Map<number, number>()
  /**
   * For an index read from an image: its slots in the order of their units' ids, searched by id (a map of a million
   * units took a fresh instance's first lookup 0.3 s to build, and 60 MB).
   */
  private imageSlots: Int32Array = new Int32Array(0)
  private deadSlots = 0
  /** Units were loaded without their postings. */
  private unbuilt = false
  /**
   * Slots from the first whose words an image left out (their words empty until `addWords`): while there are, dead
   * slots stay where they are, so that the words given later still fit their slots.
   */
  private wordsMissing = 0

  constructor() {
    this.clearSlots()
  }

  // Postings: per key a block of `blocks` (from `blockStart` for `blockSize`), plus the postings added since.
  private blockOf = new Map<number, number>()
  private blockStart: Int32Array = new Int32Array(0)
  private blockSize: Int32Array = new Int32Array(0)
  private blocks: Uint32Array = new Uint32Array(0)
  private readonly added = new Map<number, number[]>()
  private addedPostings = 0

  // Per lookup: per slot the query tokens it holds (0 for a slot not found; set back to 0 for the slots found when the
  // lookup ends), and the slots found. One byte a slot: the postings reach the counts in no order, and the smaller they
  // are the more of them the processor's cache holds (a megabyte at a million units; a stamp and a count in eight bytes
  // before, two bytes after).
  private marks = new Uint8Array(0)
  private found = new Int32Array(0)

  get units(): number {
    return this.ids.size - this.deadSlots
  }

  /**
   * Adds or replaces a unit; `keys` are its key hashes as tm_units.keys holds them (in token order, or sorted for a
   * unit stored before issue 53), `words` its concordance word hashes (tm_units.words).
   */
  put(unitId: number, keys: ArrayLike<number>, words: ArrayLike<number> = NO_WORDS): void {
    const added = this.append(unitId, keys, words)
    if (added === undefined || this.unbuilt) return
    this.forEachKeyOf(added, (key) => {
      let list = this.added.get(key)
      if (!list) this.added.set(key, (list = []))
      list.push(packed(keys.length, added))
      this.addedPostings++
    })
    if (this.addedPostings > 50_000 + this.blocks.length / 4) this.rebuild()
  }

  /** Adds a unit without its postings (a bulk load): `rebuild` lays them out, at the latest on the next lookup. */
  load(unitId: number, keys: ArrayLike<number>, words: ArrayLike<number> = NO_WORDS): void {
    if (this.append(unitId, keys, words) !== undefined) this.unbuilt = true
  }

  /** The new unit's slot; undefined when the unit is there already with these keys and words. */
  private append(unitId: number, keys: ArrayLike<number>, words: ArrayLike<number>): number | undefined {
    const slot = this.slotFor(unitId)
    if (slot !== undefined) {
      if (this.sameUnit(slot, keys, words)) return undefined
      this.remove(unitId)
    }
    if (this.ids.size >= MAX_SLOTS) this.rebuild()
    if (this.ids.size >= MAX_SLOTS) throw new RangeError(`A memory index holds at most ${MAX_SLOTS} units`)
    const added = this.ids.push(unitId)
    this.tokenCounts.push(keys.length)
    this.keyStarts.push(this.keyPool.size)
    this.alive.push(1)
    for (let at = 0; at < keys.length; at++) this.keyPool.push(keys[at] as number)
    this.ordered.push(isAscending(keys) ? 0 : 1)
    // A bulk load's bits are set by the rebuild that lays out its postings.
    this.commonBits.push(this.unbuilt ? 0 : commonBitsOf(this.common, keys))
    if (keys.length === 0) this.withoutTokenSlots.push(added)
    const wordStart = this.wordPool.size
    for (let at = 0; at < words.length; at++) this.wordPool.push(words[at] as number)
    // Stored sorted (the database's are already), so that a search merges.
    this.wordPool.items.subarray(wordStart, this.wordPool.size).sort()
    this.wordStarts.push(wordStart)
    const signature = this.signatures.size
    for (let part = 0; part < SIGNATURE; part++) this.signatures.push(0)
    for (let at = 0; at < words.length; at++) addToSignature(this.signatures.items, signature, words[at] as number)
    this.slotOf.set(unitId, added)
    return added
  }

  /** The index as typed arrays, built first (dead slots dropped, every posting in its block); views, not copies. */
  image(): IndexImage {
    if (!this.hasWords) throw new Error('An index without its words has no image')
    if (this.unbuilt || this.deadSlots > 0 || this.addedPostings > 0) this.rebuild()
    const slots = this.ids.size
    return {
      ids: this.ids.items.subarray(0, slots),
      tokenCounts: this.tokenCounts.items.subarray(0, slots),
      keyStarts: this.keyStarts.items.subarray(0, slots),
      keyPool: this.keyPool.items.subarray(0, this.keyPool.size),
      ordered: this.ordered.items.subarray(0, slots),
      wordStarts: this.wordStarts.items.subarray(0, slots),
      wordPool: this.wordPool.items.subarray(0, this.wordPool.size),
      signatures: this.signatures.items.subarray(0, this.signatures.size),
      withoutTokenSlots: Int32Array.from(this.withoutTokenSlots),
      blockKeys: Int32Array.from(this.blockOf.keys()),
      blockStart: this.blockStart,
      blockSize: this.blockSize,
      blocks: this.blocks,
      slotsById: Int32Array.from({ length: slots }, (_, slot) => slot).sort((a, b) => (this.ids.items[a] as number) - (this.ids.items[b] as number)),
    }
  }

  /** The live slot of the unit, if it is here. */
  private slotFor(unitId: number): number | undefined {
    const slot = this.slotOf.get(unitId)
    if (slot !== undefined) return slot
    const found = slotWithId(this.imageSlots, this.ids.items, unitId)
    return found >= 0 && this.alive.items[found] === 1 ? found : undefined
  }

  /**
   * The index an image holds, its arrays used as they are (a unit put later copies the one it grows); without the
   * image's words, concordance waits for `addWords`.
   */
  static fromImage(image: IndexKeys & Partial<IndexWords>): MemoryIndex {
    const index = new MemoryIndex()
    const slots = image.ids.length
    index.ids = holding(image.ids, (length) => new Float64Array(length))
    index.tokenCounts = holding(image.tokenCounts, int32)
    index.keyStarts = holding(image.keyStarts, int32)
    index.keyPool = holding(image.keyPool, int32)
    index.ordered = holding(image.ordered, (length) => new Uint8Array(length))
    if (image.wordStarts && image.wordPool && image.signatures) {
      index.wordStarts = holding(image.wordStarts, int32)
      index.wordPool = holding(image.wordPool, int32)
      index.signatures = holding(image.signatures, int32)
    } else {
      index.wordStarts = holding(new Int32Array(slots), int32)
      index.signatures = holding(new Int32Array(SIGNATURE * slots), int32)
      index.wordsMissing = slots
    }
    index.alive = holding(new Uint8Array(slots).fill(1), (length) => new Uint8Array(length))
    index.commonBits = holding(new Uint8Array(slots), (length) => new Uint8Array(length))
    index.withoutTokenSlots = Array.from(image.withoutTokenSlots)
    index.imageSlots = image.slotsById
    image.blockKeys.forEach((key, block) => index.blockOf.set(key, block))
    index.blockStart = image.blockStart
    index.blockSize = image.blockSize
    index.blocks = image.blocks
    index.markCommon()
    return index
  }

  /** Whether every unit's words are there: a concordance search needs them. */
  get hasWords(): boolean {
    return this.wordsMissing === 0
  }

  /** Whether `words` are of as many units as the image left without (an image's words are of its units). */
  fitsWords(words: IndexWords): boolean {
    return words.wordStarts.length === this.wordsMissing && words.signatures.length === SIGNATURE * this.wordsMissing
  }

  /** The words of the slots the image left out, from that image; the words of units put since then stay theirs. */
  addWords(words: IndexWords): void {
    const missing = this.wordsMissing
    if (missing === 0) return
    if (!this.fitsWords(words)) throw new RangeError(`The words of ${words.wordStarts.length} units given for ${missing}`)
    const later = this.wordPool.items.subarray(0, this.wordPool.size)
    const pool = new Int32Array(words.wordPool.length + later.length)
    pool.set(words.wordPool)
    pool.set(later, words.wordPool.length)
    const starts = this.wordStarts.items
    starts.set(words.wordStarts)
    for (let slot = missing; slot < this.wordStarts.size; slot++) starts[slot] = (starts[slot] as number) + words.wordPool.length
    this.signatures.items.set(words.signatures)
    this.wordPool = holding(pool, int32)
    this.wordsMissing = 0
  }

  remove(unitId: number): void {
    const slot = this.slotFor(unitId)
    if (slot === undefined) return
    this.slotOf.delete(unitId)
    this.alive.items[slot] = 0
    this.deadSlots++
  }

  /**
   * Lays the postings out again in one sorted block per key, dropping dead slots (slots are renumbered). Called
   * after a bulk load, and by `put` once enough postings wait outside the blocks.
   */
  rebuild(): void {
    if (this.deadSlots > 0 && this.hasWords) this.compact()
    const slots = this.ids.size
    const alive = this.alive.items
    const counts = new Map<number, number>()
    for (let slot = 0; slot < slots; slot++) {
      if (alive[slot] === 1) this.forEachKeyOf(slot, (key) => counts.set(key, (counts.get(key) ?? 0) + 1))
    }
    this.blockOf = new Map()
    this.blockStart = new Int32Array(counts.size)
    this.blockSize = new Int32Array(counts.size)
    let total = 0
    for (const [key, count] of counts) {
      const block = this.blockOf.size
      this.blockOf.set(key, block)
      this.blockStart[block] = total
      total += count
    }
    this.blocks = new Uint32Array(total)
    for (let slot = 0; slot < slots; slot++) {
      if (alive[slot] !== 1) continue
      const value = packed(this.tokenCounts.items[slot] ?? 0, slot)
      this.forEachKeyOf(slot, (key) => {
        const block = this.blockOf.get(key) as number
        this.blocks[(this.blockStart[block] as number) + (this.blockSize[block] as number)] = value
        this.blockSize[block] = (this.blockSize[block] as number) + 1
      })
    }
    for (let block = 0; block < counts.size; block++) {
      const start = this.blockStart[block] as number
      this.blocks.subarray(start, start + (this.blockSize[block] as number)).sort()
    }
    this.added.clear()
    this.addedPostings = 0
    this.unbuilt = false
    this.markCommon()
  }

  /** Chooses the commonest keys from the blocks and sets every slot's bits for them. */
  private markCommon(): void {
    this.common = commonKeysOf(this.blockOf, this.blockSize)
    const blocks = { of: this.blockOf, start: this.blockStart, size: this.blockSize, postings: this.blocks }
    markCommonBits(this.commonBits.items, this.common, blocks, MAX_SLOTS - 1)
  }

  /**
   * The units that may score `threshold` or more against a query of sorted key multiset `queryKeys`, with the
   * best score each could reach, highest first. Every unit that does reach it is among them (candidate-filter.ts):
   * - the query's keys rarest first. A unit of m tokens needs need(m) = L − dMax(L) shared tokens (L = max(n, m),
   *   step 2), so it must hold one of the keys that leave fewer than need(m) tokens uncovered (step 5): each key is
   *   read for the unit lengths whose prefix it belongs to — the rarest for the whole length window, the last of
   *   the prefix only up to about n, since longer units need more shared tokens. Past the prefix, the next rarest
   *   keys are read whole while the postings stay within EXTEND_POSTINGS times the prefix's;
   * - their postings within those lengths (sorted by length: one binary search each), adding up per unit the query
   *   tokens of the keys read that it holds;
   * - a unit that could not share need(m) tokens even holding every key not read for its length is dropped; the
   *   rest have their shared tokens counted exactly from their keys and are kept if that is enough;
   * - with the query's keys in token order (`querySequence`), the best of those are bounded by the distance between
   *   the two sequences instead (`tightened`).
   */
  candidates(queryKeys: readonly number[], threshold: number, querySequence?: ArrayLike<number>, top = DEFAULT_TOP): IndexCandidate[] {
    const n = queryKeys.length
    if (n === 0) return this.withoutTokens()
    if (this.unbuilt) this.rebuild()
    const window = lengthWindow(n, threshold)
    const need = (m: number) => Math.max(n, m) - maxDistance(Math.max(n, m), threshold)
    const distinct = queryKeysOf(queryKeys)
    const keys = countKeys(queryKeys)
      .map((entry) => ({ ...entry, postings: this.postingCount(entry.key) }))
      .sort((a, b) => a.postings - b.postings || a.key - b.key)
    // Per key read, the longest unit length it is read for; per length, the query tokens of the keys read for it.
    const read: { key: number; count: number; longest: number }[] = []
    const coveredAt = new Int32Array(window.max - window.min + 1)
    let covered = 0
    let prefixPostings = 0
    let readPostings = 0
    for (const entry of keys) {
      let longest = window.min - 1
      while (longest < window.max && n - covered >= need(longest + 1)) longest++
      const inPrefix = longest >= window.min
      if (!inPrefix) {
        if (readPostings + entry.postings > prefixPostings * EXTEND_POSTINGS) break
        longest = window.max
      }
      read.push({ key: entry.key, count: entry.count, longest })
      for (let m = window.min; m <= longest; m++) coveredAt[m - window.min] = (coveredAt[m - window.min] as number) + entry.count
      covered += entry.count
      readPostings += entry.postings
      if (inPrefix) prefixPostings = readPostings
    }
    if (this.marks.length < this.ids.size) {
      this.marks = new Uint8Array(this.ids.items.length)
      this.found = new Int32Array(this.ids.items.length)
    }
    // A query of more tokens than a byte counts (a long paragraph) counts in wider ones of its own.
    const marks = n > 0xff ? (n > 0xffff ? new Int32Array(this.ids.size) : new Uint16Array(this.ids.size)) : this.marks
    const found = this.found
    let foundCount = 0
    const blocks = this.blocks
    const low = packed(window.min, 0)
    for (const { key, count, longest } of read) {
      const high = longest >= LENGTH_CAP ? 2 ** 32 : packed(longest + 1, 0)
      const block = this.blockOf.get(key)
      const blockEnd = block === undefined ? 0 : (this.blockStart[block] as number) + (this.blockSize[block] as number)
      // The block's postings within the lengths (two binary searches), then those added since, one by one.
      const first = block === undefined ? 0 : firstAtLeast(blocks, this.blockStart[block] as number, blockEnd, low)
      const inBlock = block === undefined ? 0 : firstAtLeast(blocks, first, blockEnd, high) - first
      // The posting itself is kept, its length with it: the loop below reads no other array for most slots.
      for (let at = first; at < first + inBlock; at++) {
        const value = blocks[at] as number
        const held = marks[value & (MAX_SLOTS - 1)] as number
        marks[value & (MAX_SLOTS - 1)] = held + count
        if (held === 0) found[foundCount++] = value | 0
      }
      for (const value of this.added.get(key) ?? []) {
        if (value < low || value >= high) continue
        const held = marks[value & (MAX_SLOTS - 1)] as number
        marks[value & (MAX_SLOTS - 1)] = held + count
        if (held === 0) found[foundCount++] = value | 0
      }
    }
    const passed: { slot: number; bound: number }[] = []
    const alive = this.alive.items
    const tokenCounts = this.tokenCounts.items
    const neededAt = new Int32Array(window.max - window.min + 1)
    for (let m = window.min; m <= window.max; m++) neededAt[m - window.min] = need(m)
    const { unreadAt, tokensOf } = unreadCommon(this.common, keys, read, window)
    const commonBits = this.commonBits.items
    for (let at = 0; at < foundCount; at++) {
      const value = (found[at] as number) >>> 0
      const slot = value & (MAX_SLOTS - 1)
      const m = value >>> 24 < LENGTH_CAP ? value >>> 24 : (tokenCounts[slot] as number)
      if (m < window.min || m > window.max) continue
      const needed = neededAt[m - window.min] as number
      const most = (marks[slot] as number) + n - (coveredAt[m - window.min] as number)
      if (most < needed || alive[slot] !== 1) continue
      // Less the tokens of the unread common keys the unit does not hold (common-keys.ts): most units end here.
      if (most - (tokensOf[(unreadAt[m - window.min] as number) & ~(commonBits[slot] as number)] as number) < needed) continue
      const shared = this.sharedWith(slot, queryKeys, distinct)
      if (shared < needed) continue
      passed.push({ slot, bound: Math.floor((100 * shared) / Math.max(n, m)) })
    }
    for (let at = 0; at < foundCount; at++) marks[(found[at] as number) & (MAX_SLOTS - 1)] = 0
    passed.sort((a, b) => b.bound - a.bound)
    return this.tightened(passed, n, threshold, querySequence, top)
  }

  /**
   * Issue 53: the candidates found (slots with their shared-token bounds, best first) as ids, the best of them bounded
   * by the distance between the key sequences instead (d ≥ L − shared, so never looser), which drops those that cannot
   * reach the threshold and orders the rest by the score they can reach: a lookup then reads a few, not dozens. The
   * distance is counted while the shared-token bound could still place a candidate among the `top`: not below the
   * `top`-th distance bound found less the most the penalties take (known only once the text is read). Past that, and
   * for units stored sorted, the shared-token bound stays: it holds too, and such a candidate is read only if the
   * matches found turn out that low.
   */
  private tightened(
    passed: readonly { slot: number; bound: number }[],
    n: number,
    threshold: number,
    querySequence: ArrayLike<number> | undefined,
    top: number,
  ): IndexCandidate[] {
    const candidates: IndexCandidate[] = []
    const best: number[] = []
    for (const { slot, bound } of passed) {
      const unitId = this.ids.items[slot] as number
      if (!querySequence || this.ordered.items[slot] !== 1 || (best.length >= top && bound < (best[top - 1] as number) - MOST_PENALTIES)) {
        candidates.push({ unitId, bound })
        continue
      }
      const m = this.tokenCounts.items[slot] as number
      const longest = Math.max(n, m)
      const limit = maxDistance(longest, threshold)
      const start = this.keyStarts.items[slot] as number
      const distance = sequenceDistance(querySequence, this.keyPool.items, start, start + m, limit)
      if (distance > limit) continue
      const tight = Math.floor((100 * (longest - distance)) / longest)
      candidates.push({ unitId, bound: tight })
      let at = Math.min(best.length, top - 1)
      if (best.length < top) best.push(tight)
      else if (tight <= (best[top - 1] as number)) continue
      while (at > 0 && (best[at - 1] as number) < tight) best[at] = best[--at] as number
      best[at] = tight
    }
    return candidates.sort((a, b) => b.bound - a.bound)
  }

  /**
   * The units whose concordance words hold every one of `words` (hashes), in slot order: every unit is scanned, its
   * signature first (each word searched must have its two bits set), then its sorted words.
   */
  holdingWords(words: readonly number[]): number[] {
    if (words.length === 0) return []
    if (!this.hasWords) throw new Error('The index has not been given its words yet')
    const wanted = [...new Set(words)].sort((a, b) => a - b)
    const needed = new Int32Array(SIGNATURE)
    for (const word of wanted) addToSignature(needed, 0, word)
    const [a, b, c, d] = needed as unknown as [number, number, number, number]
    const signatures = this.signatures.items
    const alive = this.alive.items
    const starts = this.wordStarts.items
    const pool = this.wordPool.items
    const units: number[] = []
    const slots = this.ids.size
    for (let slot = 0, at = 0; slot < slots; slot++, at += SIGNATURE) {
      if (
        ((signatures[at] as number) & a) !== a ||
        ((signatures[at + 1] as number) & b) !== b ||
        ((signatures[at + 2] as number) & c) !== c ||
        ((signatures[at + 3] as number) & d) !== d ||
        alive[slot] !== 1
      ) {
        continue
      }
      const end = slot + 1 < slots ? (starts[slot + 1] as number) : this.wordPool.size
      if (holdsSorted(pool, starts[slot] as number, end, wanted)) units.push(this.ids.items[slot] as number)
    }
    return units
  }

  private withoutTokens(): IndexCandidate[] {
    const alive = this.withoutTokenSlots.filter((slot) => this.alive.items[slot] === 1)
    return alive.map((slot) => ({ unitId: this.ids.items[slot] as number, bound: 100 }))
  }

  private postingCount(key: number): number {
    const block = this.blockOf.get(key)
    return (block === undefined ? 0 : (this.blockSize[block] as number)) + (this.added.get(key)?.length ?? 0)
  }

  /** Each of the slot's keys once, in ascending order. */
  private forEachKeyOf(slot: number, visit: (key: number) => void): void {
    const sorted = this.sortedKeys(slot)
    for (let at = 0; at < sorted.length; at++) if (at === 0 || sorted[at] !== sorted[at - 1]) visit(sorted[at] as number)
  }

  /** The slot's keys sorted: where they are for a unit stored sorted, else sorted in a scratch array. */
  private sortedKeys(slot: number): Int32Array {
    const start = this.keyStarts.items[slot] as number
    const length = this.tokenCounts.items[slot] as number
    const keys = this.keyPool.items.subarray(start, start + length)
    if (this.ordered.items[slot] !== 1) return keys
    if (scratch.length < length) scratch = new Int32Array(2 * length)
    const sorted = scratch.subarray(0, length)
    sorted.set(keys)
    return sorted.sort()
  }

  /** The multiset intersection of the slot's keys and the query's (sorted, and each distinct key with its count). */
  private sharedWith(slot: number, queryKeys: readonly number[], distinct: QueryKeys): number {
    const start = this.keyStarts.items[slot] as number
    const end = start + (this.tokenCounts.items[slot] as number)
    if (this.ordered.items[slot] !== 1) return sharedKeys(queryKeys, this.keyPool.items, start, end)
    const remaining = distinct.remaining
    remaining.set(distinct.counts)
    const pool = this.keyPool.items
    let shared = 0
    for (let at = start; at < end; at++) {
      const found = indexOfSorted(distinct.keys, pool[at] as number)
      if (found >= 0 && (remaining[found] as number) > 0) {
        remaining[found] = (remaining[found] as number) - 1
        shared++
      }
    }
    return shared
  }

  private sameUnit(slot: number, keys: ArrayLike<number>, words: ArrayLike<number>): boolean {
    const held = wordsAt(this.wordStarts, this.wordPool, slot)
    return (
      samePart(this.keyPool.items, this.keyStarts.items[slot] as number, this.tokenCounts.items[slot] as number, keys) &&
      samePart(held, 0, held.length, words)
    )
  }

  /** Moves the live units to the front, in slot order, and forgets the dead. */
  private compact(): void {
    const old = { ids: this.ids, tokenCounts: this.tokenCounts, keyStarts: this.keyStarts, keyPool: this.keyPool, alive: this.alive }
    const oldWords = { starts: this.wordStarts, pool: this.wordPool }
    this.clearSlots()
    for (let slot = 0; slot < old.ids.size; slot++) {
      if (old.alive.items[slot] !== 1) continue
      const start = old.keyStarts.items[slot] as number
      this.append(
        old.ids.items[slot] as number,
        old.keyPool.items.subarray(start, start + (old.tokenCounts.items[slot] as number)),
        wordsAt(oldWords.starts, oldWords.pool, slot),
      )
    }
    this.marks = new Uint8Array(0)
    this.found = new Int32Array(0)
  }

  private clearSlots(): void {
    this.ids = new Growable(new Float64Array(0), (length) => new Float64Array(length))
    this.tokenCounts = new Growable(new Int32Array(0), int32)
    this.keyStarts = new Growable(new Int32Array(0), int32)
    this.alive = new Growable(new Uint8Array(0), (length) => new Uint8Array(length))
    this.keyPool = new Growable(new Int32Array(0), int32)
    this.ordered = new Growable(new Uint8Array(0), (length) => new Uint8Array(length))
    this.wordStarts = new Growable(new Int32Array(0), int32)
    this.wordPool = new Growable(new Int32Array(0), int32)
    this.signatures = new Growable(new Int32Array(0), int32)
    this.commonBits = new Growable(new Uint8Array(0), (length) => new Uint8Array(length))
    this.withoutTokenSlots = []
    this.slotOf.clear()
    this.imageSlots = new Int32Array(0)
    this.deadSlots = 0
  }
}

const packed = (tokenCount: number, slot: number) => ((Math.min(tokenCount, LENGTH_CAP) << 24) | slot) >>> 0

/** Sorting room for one unit's keys at a time. */
let scratch = new Int32Array(64)

/** A slot's concordance words: from its start to the next slot's (the last slot's, to the pool's end). */
function wordsAt(starts: Growable<Int32Array>, pool: Growable<Int32Array>, slot: number): Int32Array {
  const end = slot + 1 < starts.size ? (starts.items[slot + 1] as number) : pool.size
  return pool.items.subarray(starts.items[slot] as number, end)
}

/**
 * Which of a memory's commonest keys each unit holds, one bit each in a byte a unit (memory-index.ts; decision 0011's
 * addendum of 2026-12-07, late). A short query of common words reaches thousands of units through the rarest of its
 * keys, and its commonest keys are left unread: every unit reached could still hold them, so each had its shared
 * tokens counted from its keys — a read the processor has not cached, for units of which 98 % then fell short. The
 * byte says which of the unread common keys a unit cannot hold, so most are ruled out without reading their keys.
 *
 * A bit may be set for a unit that does not hold its key (only a unit then has its tokens counted in vain); it is
 * never clear for a unit that does: the bits are set from the keys' postings and from each unit put. Pure and
 * browser-safe.
 */

/** The commonest keys a memory keeps a bit for: one byte a unit. */
export const COMMON_KEYS = 8

/** The keys with the most postings, most first (at most COMMON_KEYS): one pass over the blocks, no sort of them all. */
export function commonKeysOf(blockOf: ReadonlyMap<number, number>, blockSize: Int32Array): Int32Array {
  const top: { key: number; size: number }[] = []
  for (const [key, block] of blockOf) {
    const size = blockSize[block] as number
    if (top.length < COMMON_KEYS) top.push({ key, size })
    else if (size > (top[COMMON_KEYS - 1] as { size: number }).size) top[COMMON_KEYS - 1] = { key, size }
    else continue
    for (let at = top.length - 1; at > 0 && top[at - 1]!.size < top[at]!.size; at--) [top[at - 1], top[at]] = [top[at]!, top[at - 1]!]
  }
  return Int32Array.from(top, (entry) => entry.key)
}

/** Sets each unit's bits from the postings of the common keys (packed as memory-index.ts packs them). */
export function markCommonBits(
  bits: Uint8Array,
  common: Int32Array,
  blocks: { of: Map<number, number>; start: Int32Array; size: Int32Array; postings: Uint32Array },
  slotMask: number,
): void {
  bits.fill(0)
  common.forEach((key, bit) => {
    const block = blocks.of.get(key) as number
    const start = blocks.start[block] as number
    const end = start + (blocks.size[block] as number)
    for (let at = start; at < end; at++) {
      const slot = (blocks.postings[at] as number) & slotMask
      bits[slot] = (bits[slot] as number) | (1 << bit)
    }
  })
}

/** The bits of a unit with these keys. */
export function commonBitsOf(common: Int32Array, keys: ArrayLike<number>): number {
  let bits = 0
  for (let bit = 0; bit < common.length; bit++) {
    const key = common[bit] as number
    for (let at = 0; at < keys.length; at++) {
      if (keys[at] === key) {
        bits |= 1 << bit
        break
      }
    }
  }
  return bits
}

/**
 * For one lookup, per unit length in the window: the bits of the query's common keys left unread for that length
 * (`unreadAt`), and per combination of bits the query tokens they stand for (`tokensOf`). A unit of length m holding
 * `bits` can then share at most (the count of the keys read) + (the tokens left unread) − tokensOf[unreadAt[m] & ~bits].
 */
export interface UnreadCommon {
  unreadAt: Uint8Array
  tokensOf: Int32Array
}

export function unreadCommon(
  common: Int32Array,
  counted: readonly { key: number; count: number }[],
  read: readonly { key: number; longest: number }[],
  window: { min: number; max: number },
): UnreadCommon {
  const unreadAt = new Uint8Array(window.max - window.min + 1)
  const tokens = new Int32Array(COMMON_KEYS)
  for (let bit = 0; bit < common.length; bit++) {
    const key = common[bit] as number
    tokens[bit] = counted.find((entry) => entry.key === key)?.count ?? 0
    if (tokens[bit] === 0) continue
    const longest = read.find((entry) => entry.key === key)?.longest ?? window.min - 1
    for (let m = Math.max(window.min, longest + 1); m <= window.max; m++) unreadAt[m - window.min] = (unreadAt[m - window.min] as number) | (1 << bit)
  }
  const tokensOf = new Int32Array(1 << COMMON_KEYS)
  for (let bits = 1; bits < tokensOf.length; bits++) {
    const lowest = 31 - Math.clz32(bits & -bits)
    tokensOf[bits] = (tokensOf[bits & (bits - 1)] as number) + (tokens[lowest] as number)
  }
  return { unreadAt, tokensOf }
}

/** Typed arrays that grow, and the searches the memory index (memory-index.ts) runs over them. */

export class Growable<T extends Int32Array | Float64Array | Uint8Array> {
  constructor(
    public items: T,
    private readonly make: (length: number) => T,
  ) {}
  size = 0
  push(value: number): number {
    if (this.size === this.items.length) {
      const bigger = this.make(Math.max(16, this.items.length * 2))
      bigger.set(this.items)
      this.items = bigger
    }
    this.items[this.size] = value
    return this.size++
  }
}

export const int32 = (length: number) => new Int32Array(length)

/** A Growable holding `items` whole. */
export function holding<T extends Int32Array | Float64Array | Uint8Array>(items: T, make: (length: number) => T): Growable<T> {
  const growable = new Growable(items, make)
  growable.size = items.length
  return growable
}

/** The first position in [start, end) of a sorted block holding a value ≥ `value`. */
export function firstAtLeast(values: Uint32Array, start: number, end: number, value: number): number {
  let low = start
  let high = end
  while (low < high) {
    const middle = (low + high) >>> 1
    if ((values[middle] as number) < value) low = middle + 1
    else high = middle
  }
  return low
}

/** Whether `pool[start, end)` holds `part`, in the same order. */
export function samePart(pool: Int32Array, start: number, length: number, part: ArrayLike<number>): boolean {
  if (length !== part.length) return false
  for (let at = 0; at < length; at++) if (pool[start + at] !== part[at]) return false
  return true
}

/** Whether the sorted `pool[start, end)` holds every one of the sorted `wanted`. */
export function holdsSorted(pool: Int32Array, start: number, end: number, wanted: readonly number[]): boolean {
  let at = start
  for (const word of wanted) {
    while (at < end && (pool[at] as number) < word) at++
    if (at === end || pool[at] !== word) return false
    at++
  }
  return true
}

/** Where `value` is in the ascending `values`, or -1. */
export function indexOfSorted(values: Int32Array, value: number): number {
  let low = 0
  let high = values.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const at = values[middle] as number
    if (at === value) return middle
    if (at < value) low = middle + 1
    else high = middle - 1
  }
  return -1
}

/** Where among `slots` (ordered by their `ids`) the slot of unit `id` is: that slot, or -1. */
export function slotWithId(slots: Int32Array, ids: Float64Array, id: number): number {
  let low = 0
  let high = slots.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const slot = slots[middle] as number
    const at = ids[slot] as number
    if (at === id) return slot
    if (at < id) low = middle + 1
    else high = middle - 1
  }
  return -1
}

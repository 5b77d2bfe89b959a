/** Helpers the benchmarks share: percentiles of timings and a seeded generator. */

/** The value at `fraction` (0–1) of the sorted timings, nearest rank. */
export function percentile(times: readonly number[], fraction: number): number {
  const sorted = [...times].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN
}

/** A small seeded generator (mulberry32), so two runs measure the same data. */
export function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/** A positive whole-number command-line flag (`--name 5`), or `fallback` when it is not given. */
export function numberFlag(name: string, fallback: number): number {
  const index = process.argv.indexOf(name)
  if (index < 0) return fallback
  const value = Number(process.argv[index + 1])
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} expects a positive whole number`)
  return value
}

/** A command-line flag's text (`--name value`), or `fallback` when it is not given. */
export function textFlag(name: string): string | undefined
export function textFlag(name: string, fallback: string): string
export function textFlag(name: string, fallback?: string): string | undefined {
  const index = process.argv.indexOf(name)
  return index < 0 ? fallback : (process.argv[index + 1] ?? fallback)
}

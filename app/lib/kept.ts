/**
 * What `make` gives for `key`, made once and kept in `kept` for every later caller (so values are never undefined).
 * `kept` is emptied when it holds `limit` entries: a bound for keys that data can multiply (names, paths, counts).
 */
export function keptOrMade<Key, Value>(kept: Map<Key, Value>, key: Key, limit: number, make: () => Value): Value {
  const known = kept.get(key)
  if (known !== undefined) return known
  const value = make()
  if (kept.size >= limit) kept.clear()
  kept.set(key, value)
  return value
}

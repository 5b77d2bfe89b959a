/**
 * Issue 56: an address's query with `%00` (a U+0000 the database cannot store in text): gone from every search and
 * field an address carries, the rest kept — `/?q=%00` is the file list unfiltered, `?searchInSource=a%00b` finds "ab".
 * The path is left as it is: a password or id with one in it names no row (findProject), as any wrong one.
 */
export function addressWithoutNul(address: string): string {
  const query = address.indexOf('?')
  if (query < 0 || !/%00/i.test(address.slice(query))) return address
  return address.slice(0, query) + address.slice(query).replace(/%00/gi, '')
}

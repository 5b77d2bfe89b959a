/** An `ilike` pattern that finds `text` anywhere, its own `%`, `_` and `\` taken as letters (the default escape). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

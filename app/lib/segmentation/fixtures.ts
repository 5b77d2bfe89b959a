/** Reads the fixture format described in fixtures/README.md. Test support; uses no Node APIs itself. */
export interface SegmentationCase {
  line: number
  text: string
  segments: string[]
}

const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\' }

export function parseFixtures(source: string): SegmentationCase[] {
  return source.split('\n').flatMap((raw, index) => {
    if (raw.trim() === '' || raw.startsWith('#')) return []
    const unescaped = raw.replace(/\\(u[0-9a-fA-F]{4}|[nrt\\])/g, (_, code: string) =>
      code.length === 5 ? String.fromCharCode(parseInt(code.slice(1), 16)) : escapes[code]!,
    )
    const segments = unescaped.split('‖')
    return [{ line: index + 1, text: segments.join(''), segments }]
  })
}

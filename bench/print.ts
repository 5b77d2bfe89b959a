/** Number formats and the plain-text table both benchmarks print. */
export const times = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)}×`
export const thousands = (value: number) => Math.round(value).toLocaleString('en-US')
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** Columns padded to their widest cell: the first left-aligned, the others right-aligned. */
export function printTable(header: string[], rows: string[][]) {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)))
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ')
  console.log(line(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const row of rows) console.log(line(row))
}

import { describe, expect, it } from 'vitest'
import { checkNewName } from './upload-rules'

describe('a new name for a file (issue 19)', () => {
  const limits = { maxNameLength: 20 }
  it('takes a name with the same extension', () => {
    expect(checkNewName('report.docx', 'Atskaite 2026.DOCX', limits)).toBeUndefined()
    expect(checkNewName('README', 'LASIMANI', limits)).toBeUndefined()
  })
  it('refuses an empty, invalid or long name, and another extension', () => {
    expect(checkNewName('report.docx', '', limits)).toBe('empty')
    expect(checkNewName('report.docx', '../etc/passwd.docx', limits)).toBe('invalid')
    expect(checkNewName('report.docx', '...', limits)).toBe('invalid')
    expect(checkNewName('report.docx', `${'x'.repeat(20)}.docx`, limits)).toBe('too-long')
    expect(checkNewName('report.docx', 'report.pdf', limits)).toBe('extension')
    expect(checkNewName('report.docx', 'report', limits)).toBe('extension')
  })
})

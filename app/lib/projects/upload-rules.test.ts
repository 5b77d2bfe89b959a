import { describe, expect, it } from 'vitest'
import { checkFile, checkNewName } from './upload-rules'

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
    expect(checkNewName('report.docx', 'a\u202Excod.docx', limits)).toBe('invalid')
    expect(checkNewName('report.docx', `${'x'.repeat(20)}.docx`, limits)).toBe('too-long')
    expect(checkNewName('report.docx', 'report.pdf', limits)).toBe('extension')
    expect(checkNewName('report.docx', 'report', limits)).toBe('extension')
  })
})

describe('an uploaded file name', () => {
  const limits = { maxBytes: 1000, minBytes: 1, maxNameLength: 100, maxFiles: 20, allowedExtensions: ['txt', 'docx'] }
  it('is refused with a bidirectional override, embedding or isolate in it, which would show it as another name', () => {
    for (const mark of ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069']) {
      expect(checkFile({ name: `invoice${mark}txt.docx`, size: 10 }, limits), mark.codePointAt(0)!.toString(16)).toBe('InvalidFileName')
    }
  })
  it('takes letters of any script, spaces and marks that only order text', () => {
    for (const name of ['Līgums ļoti svarīgs.docx', 'Договор № 5.txt', '名前.txt', 'CON.txt', 'a\u200Eb.txt']) expect(checkFile({ name, size: 10 }, limits), name).toBeUndefined()
  })
})

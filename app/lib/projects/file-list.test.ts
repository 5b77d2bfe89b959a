import { describe, expect, it } from 'vitest'
import { fileListAddress, fileListSearch, readFileListQuery } from './file-list'

describe('the file list query (issue 19)', () => {
  it('reads the parameters, refusing what is not one of the choices', () => {
    expect(readFileListQuery(new URLSearchParams('q=%20report%20&pair=en-lv&state=done&sort=words'))).toEqual({
      q: 'report',
      pair: 'en-lv',
      state: 'done',
      sort: 'words',
      order: 'desc',
    })
    expect(readFileListQuery(new URLSearchParams('pair=en;drop&state=all&sort=size&order=up'))).toEqual({ q: '', pair: '', state: '', sort: 'added', order: 'desc' })
  })

  it('writes only what differs from the defaults, so the plain list keeps its plain address', () => {
    expect(fileListSearch(readFileListQuery(new URLSearchParams()))).toBe('')
    expect(fileListSearch(readFileListQuery(new URLSearchParams()), 1)).toBe('?page=1')
    expect(fileListSearch(readFileListQuery(new URLSearchParams()), 2)).toBe('?page=2')
    const query = readFileListQuery(new URLSearchParams('q=ā b&sort=name&order=desc&state=broken'))
    expect(fileListSearch(query, 3)).toBe('?q=%C4%81+b&state=broken&sort=name&order=desc&page=3')
    expect(readFileListQuery(new URLSearchParams(fileListSearch(query, 3)))).toEqual(query)
  })
})

describe('the address back to the list', () => {
  it('keeps the list parameters and nothing else', () => {
    expect(fileListAddress('?q=report&page=2&evil=1')).toBe('/?q=report&page=2')
    expect(fileListAddress('//evil.example')).toBe('/')
    expect(fileListAddress('?page=-3')).toBe('/')
    expect(fileListAddress(undefined)).toBe('/')
  })
})

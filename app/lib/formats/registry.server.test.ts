import { describe, expect, it } from 'vitest'
import { allowedExtensions, detectFormat, formatById } from './registry.server'

const bytes = (text: string) => new TextEncoder().encode(text)
const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0])

describe('detectFormat', () => {
  it.each([
    ['notes.txt', bytes('Hello\nworld'), 'txt'],
    ['notes.txt', new Uint8Array([0xff, 0xfe, 0x48, 0x00]), 'txt'],
    ['binary.txt', new Uint8Array([1, 0, 2, 0, 3]), undefined],
    ['page.html', bytes('<!DOCTYPE html><p>Hi</p>'), 'html'],
    ['page.HTM', bytes('<html><body>Hi</body></html>'), 'html'],
    ['page.html', zip, undefined],
    ['page.html', bytes('just words, no markup'), undefined],
    ['a.xlf', bytes('<?xml version="1.0"?><xliff version="1.2"><file/></xliff>'), 'xliff12'],
    ['a.xlf', bytes('<xliff xmlns="urn:oasis:names:tc:xliff:document:2.0" version="2.0"/>'), 'xliff20'],
    ['a.xliff', bytes("<xliff version='1.0'/>"), 'xliff12'],
    ['a.sdlxliff', bytes('<xliff version="1.2" xmlns:sdl="http://sdl.com/FileTypes/SdlXliff/1.0"/>'), 'xliff12'],
    ['a.xlf', bytes('<tmx version="1.4"/>'), undefined],
    ['a.xlf', bytes('<xliff version="3.0"/>'), undefined],
    ['a.pdf', bytes('%PDF-1.4'), undefined],
  ])('%s %#', (name, content, id) => {
    expect(detectFormat(name, content)?.id).toBe(id)
  })
})

describe('registry', () => {
  it('finds filters by id and lists their extensions', () => {
    expect(formatById('html')?.extensions).toContain('htm')
    expect(formatById('nope')).toBeUndefined()
    expect(allowedExtensions).toEqual(expect.arrayContaining(['txt', 'html', 'htm', 'xhtml', 'xlf', 'xliff', 'sdlxliff', 'mqxliff']))
  })
})

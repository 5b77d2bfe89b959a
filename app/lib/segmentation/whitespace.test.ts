import { describe, expect, it } from 'vitest'
import { type TaggedText } from '../tags/types'
import { splitWhitespace } from './whitespace'

describe('splitWhitespace', () => {
  it.each([
    ['Hello. ', { leading: '', core: 'Hello.', trailing: ' ' }],
    ['  Hello.\n', { leading: '  ', core: 'Hello.', trailing: '\n' }],
    ['Hello.', { leading: '', core: 'Hello.', trailing: '' }],
    ['   ', { leading: '   ', core: '', trailing: '' }],
    ['', { leading: '', core: '', trailing: '' }],
    ['\u00a0A B\u2028', { leading: '\u00a0', core: 'A B', trailing: '\u2028' }],
  ])('%j', (segment, expected) => {
    const split = splitWhitespace(segment)
    expect(split).toEqual(expected)
    expect(split.leading + split.core + split.trailing).toBe(segment)
  })

  it.each<[string, TaggedText, { leading: string; core: TaggedText; trailing: string }]>([
    [
      'text around tags',
      [{ kind: 'text', text: ' ' }, { kind: 'open', name: 'g', id: 1 }, { kind: 'text', text: 'Hi.' }, { kind: 'close', name: 'g', id: 1 }, { kind: 'text', text: ' \n' }],
      { leading: ' ', core: [{ kind: 'open', name: 'g', id: 1 }, { kind: 'text', text: 'Hi.' }, { kind: 'close', name: 'g', id: 1 }], trailing: ' \n' },
    ],
    [
      'whitespace inside a tag stays in the core',
      [{ kind: 'open', name: 'g', id: 1 }, { kind: 'text', text: ' Hi. ' }, { kind: 'close', name: 'g', id: 1 }],
      { leading: '', core: [{ kind: 'open', name: 'g', id: 1 }, { kind: 'text', text: ' Hi. ' }, { kind: 'close', name: 'g', id: 1 }], trailing: '' },
    ],
    [
      'split text tokens',
      [{ kind: 'text', text: '  ' }, { kind: 'text', text: ' Hi ' }, { kind: 'text', text: ' ' }],
      { leading: '   ', core: [{ kind: 'text', text: 'Hi' }], trailing: '  ' },
    ],
    ['only whitespace', [{ kind: 'text', text: ' ' }], { leading: ' ', core: [], trailing: '' }],
  ])('%s', (_, segment, expected) => {
    expect(splitWhitespace(segment)).toEqual(expected)
  })
})

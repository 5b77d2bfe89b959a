import { describe, expect, it } from 'vitest'
import { parse, tagString, type TagToken } from '~/lib/tags'
import {
  canonicalOf,
  canonicalOffsetOf,
  COALESCE_MS,
  HISTORY_LIMIT,
  insertTag,
  piecesOf,
  plainOffsetOf,
  plainOffsetOfPosition,
  positionOfPlainOffset,
  recordEdit,
  redoEdit,
  removeTag,
  singleLine,
  startHistory,
  undoEdit,
  unusedTagsToInsert,
} from './editor-model'

const tag = (text: string) => parse(text)[0] as TagToken

describe('piecesOf / canonicalOf', () => {
  it.each([
    ['', [''], []],
    ['plain', ['plain'], []],
    ['Click <g1>here</g1> now<x2/>', ['Click ', 'here', ' now', ''], ['<g1>', '</g1>', '<x2/>']],
    ['<g1></g1>', ['', '', ''], ['<g1>', '</g1>']],
    ['a &lt;g1> b &amp;lt;', ['a <g1> b &lt;'], []],
  ])('%j has spans %j around chips %j and is written back unchanged', (canonical, texts, tags) => {
    const pieces = piecesOf(parse(canonical))
    expect(pieces.texts).toEqual(texts)
    expect(pieces.tags.map(tagString)).toEqual(tags)
    expect(pieces.texts.length).toBe(pieces.tags.length + 1)
    expect(canonicalOf(pieces)).toBe(canonical)
  })

  it('escapes literal text that would read as a tag', () => {
    expect(canonicalOf({ texts: ['type <g1> here'], tags: [] })).toBe('type &lt;g1> here')
    expect(canonicalOf({ texts: ['a < b'], tags: [] })).toBe('a < b')
  })
})

describe('plain offsets and span positions', () => {
  const pieces = piecesOf(parse('Click <g1>here</g1> now'))
  it.each([
    [0, { span: 0, offset: 0 }],
    [6, { span: 0, offset: 6 }], // the end of "Click " wins over the start of "here"
    [7, { span: 1, offset: 1 }],
    [10, { span: 1, offset: 4 }],
    [14, { span: 2, offset: 4 }],
    [99, { span: 2, offset: 4 }],
    [-3, { span: 0, offset: 0 }],
  ])('plain %i is %j', (plain, position) => {
    expect(positionOfPlainOffset(pieces, plain)).toEqual(position)
  })

  it.each([
    [{ span: 0, offset: 3 }, 3],
    [{ span: 1, offset: 0 }, 6],
    [{ span: 2, offset: 1 }, 11],
  ])('%j is plain %i', (position, plain) => {
    expect(plainOffsetOfPosition(pieces, position)).toBe(plain)
  })
})

describe('canonical ↔ plain offsets', () => {
  it.each([
    ['Click <g1>here</g1> now', 0, 0],
    ['Click <g1>here</g1> now', 6, 6], // the opening tag goes after the cut
    ['Click <g1>here</g1> now', 7, 11],
    ['Click <g1>here</g1> now', 10, 19], // the closing tag stays before the cut
    ['Click <g1>here</g1> now', 14, 23],
    ['a<x1/>b', 1, 6], // a standalone tag stays before the cut
    ['&lt;g1> x', 1, 4],
    ['&amp;lt; x', 2, 6],
    ['', 3, 0],
  ])('%j: plain %i is canonical %i', (canonical, plain, offset) => {
    expect(canonicalOffsetOf(parse(canonical), plain)).toBe(offset)
  })

  it.each([
    ['Click <g1>here</g1> now', 6, 6],
    ['Click <g1>here</g1> now', 8, 6], // inside a tag: the plain offset at the tag
    ['Click <g1>here</g1> now', 11, 7],
    ['Click <g1>here</g1> now', 23, 14],
    ['&lt;g1> x', 2, 0], // inside an escape: its start
    ['&lt;g1> x', 4, 1],
  ])('%j: canonical %i is plain %i', (canonical, offset, plain) => {
    expect(plainOffsetOf(canonical, offset)).toBe(plain)
  })

  it('round-trips every plain offset', () => {
    const canonical = 'A &lt;b> <g1>c &amp;lt; d</g1><x2/> e'
    const tokens = parse(canonical)
    for (let plain = 0; plain <= 13; plain++) expect(plainOffsetOf(canonical, canonicalOffsetOf(tokens, plain))).toBe(plain)
  })
})

describe('unusedTagsToInsert (SPEC §3)', () => {
  it.each([
    ['Click <g1>here</g1> now<x2/>', '', ['<g1></g1>', '<x2/>']],
    ['Click <g1>here</g1> now<x2/>', 'Spied <g1>šeit</g1>', ['<x2/>']],
    ['Click <g1>here</g1> now<x2/>', 'x<x2/>', ['<g1></g1>']],
    ['<x1/><ph2/>', '<ph2/>', ['<x1/>']],
    ['plain', 'anything', []],
  ])('source %j, target %j offers %j', (source, target, labels) => {
    expect(unusedTagsToInsert(parse(source), parse(target)).map((unused) => unused.label)).toEqual(labels)
  })
})

describe('insertTag / removeTag', () => {
  const [g1] = unusedTagsToInsert(parse('<g1>a</g1>'), [])
  const [x2] = unusedTagsToInsert(parse('<x2/>'), [])

  it.each([
    ['Click here', { span: 0, offset: 6 }, undefined, 'Click <g1></g1>here', { span: 1, offset: 0 }],
    ['Click here', { span: 0, offset: 6 }, { span: 0, offset: 10 }, 'Click <g1>here</g1>', { span: 2, offset: 0 }],
    ['Click here', { span: 0, offset: 10 }, { span: 0, offset: 6 }, 'Click <g1>here</g1>', { span: 2, offset: 0 }],
    ['a<x2/>b', { span: 0, offset: 0 }, { span: 1, offset: 1 }, '<g1>a<x2/>b</g1>', { span: 3, offset: 0 }],
  ])('pair into %j at %j–%j gives %j, caret %j', (canonical, from, to, expected, caret) => {
    const result = insertTag(piecesOf(parse(canonical)), g1!, from, to)
    expect(canonicalOf(result.pieces)).toBe(expected)
    expect(result.caret).toEqual(caret)
  })

  it('inserts a standalone tag at the caret, caret after it', () => {
    const result = insertTag(piecesOf(parse('ab')), x2!, { span: 0, offset: 1 })
    expect(canonicalOf(result.pieces)).toBe('a<x2/>b')
    expect(result.caret).toEqual({ span: 1, offset: 0 })
  })

  it('removes a chip and joins its spans', () => {
    const result = removeTag(piecesOf(parse('ab<x2/>cd')), 0)
    expect(canonicalOf(result.pieces)).toBe('abcd')
    expect(result.caret).toEqual({ span: 0, offset: 2 })
  })
})

describe('history (SPEC §9 Ctrl+Z, Ctrl+R)', () => {
  it('undoes and redoes accepted values', () => {
    let history = startHistory('a')
    history = recordEdit(history, 'a<x1/>', 'other', 0)
    history = recordEdit(history, 'a<x1/>b', 'other', 10)
    history = undoEdit(history)
    expect(history.present).toBe('a<x1/>')
    history = undoEdit(history)
    expect(history.present).toBe('a')
    history = redoEdit(history)
    expect(history.present).toBe('a<x1/>')
    history = recordEdit(history, 'new', 'other', 20)
    expect(history.future).toEqual([])
    expect(redoEdit(history)).toBe(history)
  })

  it('coalesces a burst of typing into one undo step', () => {
    let history = startHistory('')
    history = recordEdit(history, 'h', 'typing', 0)
    history = recordEdit(history, 'he', 'typing', 300)
    history = recordEdit(history, 'hey', 'typing', 600)
    history = recordEdit(history, 'hey!', 'typing', 600 + COALESCE_MS + 1)
    history = undoEdit(history)
    expect(history.present).toBe('hey')
    history = undoEdit(history)
    expect(history.present).toBe('')
  })

  it('takes back a phrase typed without a pause a word at a time (issue 51)', () => {
    let history = startHistory('')
    let typed = ''
    for (const [at, char] of [...'Open the file'].entries()) history = recordEdit(history, (typed += char), 'typing', at * 80)
    history = undoEdit(history)
    expect(history.present).toBe('Open the')
    history = undoEdit(history)
    expect(history.present).toBe('Open')
    history = undoEdit(history)
    expect(history.present).toBe('')
  })

  it(`keeps at most ${HISTORY_LIMIT} steps`, () => {
    let history = startHistory('0')
    for (let step = 1; step <= HISTORY_LIMIT + 20; step++) history = recordEdit(history, String(step), 'other', step)
    expect(history.past).toHaveLength(HISTORY_LIMIT)
  })

  describe('edge cases', () => {
    it('ignores an edit that changes nothing', () => {
      const history = startHistory('same')
      expect(recordEdit(history, 'same', 'typing', 0)).toBe(history)
    })
    it('does nothing to undo or redo at the ends', () => {
      const history = startHistory('x')
      expect(undoEdit(history)).toBe(history)
      expect(redoEdit(history)).toBe(history)
    })
    it('does not coalesce the first typing into the starting value', () => {
      let history = startHistory('start')
      history = recordEdit(history, 'start!', 'typing', 0)
      expect(undoEdit(history).present).toBe('start')
    })
  })
})

describe('edge cases', () => {
  it('turns line breaks into spaces', () => {
    expect(singleLine('a\r\nb\nc\rd\u2028e')).toBe('a b c d e')
    expect(singleLine('a\u0000b')).toBe('ab')
  })
  it('keeps a span between adjacent chips', () => {
    expect(piecesOf(parse('<x1/><x2/>')).texts).toEqual(['', '', ''])
  })
  it('reads an underscored tag and writes the plain form', () => {
    expect(canonicalOf(piecesOf(parse('<g_1>a</g_1>')))).toBe('<g1>a</g1>')
    expect(tag('<h1_2/>').name).toBe('h1')
  })
})

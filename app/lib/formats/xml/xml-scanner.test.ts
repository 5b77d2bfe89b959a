import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkClose, CheckedParser, type CheckedHandler, type Closing } from './checked-parser'
import { MAX_MARKUP_CHARACTERS, XmlScanner } from './xml-scanner'

/**
 * XmlScanner reads what CheckedParser (htmlparser2 with the well-formedness checks) reads: the same elements,
 * attributes and text inside the root, and the same error, on the samples and on thousands of damaged copies of
 * them, whatever the chunk size.
 */
type XmlEvent = ['open', string, Record<string, string>] | ['text', string] | ['close', string] | ['error', string] | ['end']

class Malformed extends Error {}

/** Events as a handler sees them; text outside the root (which the readers ignore) left out, adjacent text joined. */
class Recorder {
  readonly events: XmlEvent[] = []
  private depth = 0

  open(name: string, attributes: Record<string, string>) {
    this.depth++
    this.events.push(['open', name, { ...attributes }])
  }

  text(text: string) {
    if (this.depth === 0 || text === '') return
    const last = this.events.at(-1)
    if (last?.[0] === 'text') last[1] += text
    else this.events.push(['text', text])
  }

  close(name: string) {
    this.depth--
    this.events.push(['close', name])
  }

  fail(error: unknown) {
    if (!(error instanceof Malformed)) throw error
    // Text just before an error belongs to an element that never ends, so no reader uses it. Positions are counted
    // from different points of a tag; the kind of error is what must agree.
    if (this.events.at(-1)?.[0] === 'text') this.events.pop()
    this.events.push(['error', error.message.replace(/\d+/g, 'N')])
  }
}

const malformed = (detail: string) => new Malformed(detail)

function chunks(xml: string, size: number): string[] {
  const pieces: string[] = []
  for (let at = 0; at < xml.length; at += size) pieces.push(xml.slice(at, at + size))
  return pieces
}

function scanned(xml: string, size = xml.length || 1): XmlEvent[] {
  const recorder = new Recorder()
  const scanner = new XmlScanner(
    {
      onopentag: (name, attributes) => recorder.open(name, attributes),
      ontext: (text) => recorder.text(text),
      onclosetag: (name) => recorder.close(name),
      onend: () => recorder.events.push(['end']),
    },
    malformed,
  )
  try {
    for (const piece of chunks(xml, size)) scanner.write(piece)
    scanner.end()
  } catch (error) {
    recorder.fail(error)
  }
  return recorder.events
}

function referenced(xml: string, size = xml.length || 1): XmlEvent[] {
  const recorder = new Recorder()
  const handler: CheckedHandler = {
    closing: 'tag' as Closing,
    closedCount: 0,
    position: () => 0,
    onopentag: (name, attributes) => recorder.open(name, attributes),
    ontext: (text) => recorder.text(text),
    onclosetag(name, isImplied) {
      checkClose(handler, name, isImplied, malformed)
      recorder.close(name)
    },
    onend: () => recorder.events.push(['end']),
  }
  const parser = new CheckedParser(handler, malformed)
  try {
    for (const piece of chunks(xml, size)) parser.write(piece)
    parser.end()
  } catch (error) {
    recorder.fail(error)
  }
  return recorder.events
}

const SAMPLES = path.resolve(import.meta.dirname, '../../../../../shared/samples')

function sampleTexts(): [string, string][] {
  const texts: [string, string][] = []
  for (const folder of ['tmx', 'xliff/v12', 'xliff/v20']) {
    for (const name of fs.readdirSync(path.join(SAMPLES, folder)).sort()) {
      const bytes = fs.readFileSync(path.join(SAMPLES, folder, name))
      const utf16 = bytes[0] === 0xff && bytes[1] === 0xfe
      texts.push([`${folder}/${name}`, new TextDecoder(utf16 ? 'utf-16le' : 'utf-8').decode(bytes)])
    }
  }
  return texts
}

/** A small deterministic generator (mulberry32), so that a failure names a case that can be run again. */
function random(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const DAMAGE = ['<', '>', '&', ';', '"', "'", '/', '=', ' ', '<!--', '-->', '<![CDATA[', ']]>', '<?', '</', '&amp;', '&#65;', '&#x', '<a>', '</a>', '<b/>']

/** `xml` with a few random edits: a character dropped, a piece of markup put in, a stretch repeated. */
function damaged(xml: string, next: () => number): string {
  let text = xml
  const edits = 1 + Math.floor(next() * 3)
  for (let edit = 0; edit < edits; edit++) {
    const at = Math.floor(next() * text.length)
    const kind = next()
    if (kind < 0.35) text = text.slice(0, at) + text.slice(at + 1)
    else if (kind < 0.8) text = text.slice(0, at) + DAMAGE[Math.floor(next() * DAMAGE.length)] + text.slice(at)
    else text = text.slice(0, at) + text.slice(at, at + 40) + text.slice(at)
  }
  return text
}

describe('XmlScanner reads what CheckedParser reads', () => {
  it.each(sampleTexts())('%s, whole and in chunks of 1, 7 and 4096 characters', (_name, xml) => {
    const expected = referenced(xml)
    expect(expected.at(-1)).toStrictEqual(['end'])
    for (const size of [xml.length, 1, 7, 4096]) expect(scanned(xml, size)).toStrictEqual(expected)
  })

  it.each<[string, string]>([
    ['entities in text and attributes', '<r a="&lt;&amp;&#65;&#x42;&quot;">x &lt; y &amp;&amp; &apos;z&apos; &#x1F600; &#150;</r>'],
    ['unknown and unterminated references stay as written', '<r a="&nbsp;">&nbsp; &copy &#; &#xZZ; &amp</r>'],
    ['CDATA, comments, processing instructions, declarations', '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY e "x">]><r><!-- c > d --><![CDATA[<&>]]><?pi a > b?>t</r>'],
    ['a "<" that starts no tag', '<r>a < b <> c</r>'],
    ['attribute forms', `<r a='1' b = "2" c=3 d e="x"f="y" a="again" __proto__="p"/>`],
    ['self-closing and stray slashes', '<r><a/><b / ><c/d/></c></r>'],
    ['closing tags with spaces and more', '<r><a></a ><b></ b><c></c d="1"></>t</r>'],
    ['mixed case names', '<R><Tu></Tu></R>'],
    ['an element left open', '<r><a></r>'],
    ['a closing tag that closes nothing', '<r></a></r>'],
    ['the end inside an element', '<r><a>text'],
    ['the end inside a tag', '<r><a b="c'],
    ['the end inside a comment', '<r><!-- no end'],
    ['text and markup after the root', '<r/>after<!-- c --><x'],
  ])('%s', (_case, xml) => {
    const expected = referenced(xml)
    for (const size of [xml.length, 1, 2, 3, 5]) expect(scanned(xml, size), `chunks of ${size}`).toStrictEqual(expected)
  })

  it('on 3,000 damaged copies of the samples', () => {
    const samples = sampleTexts()
      .map(([, xml]) => xml)
      .filter((xml) => xml.length < 20_000)
    const next = random(15)
    for (let round = 0; round < 3_000; round++) {
      const xml = damaged(samples[round % samples.length]!, next)
      const size = 1 + Math.floor(next() * 300)
      expect(scanned(xml, size), `round ${round}, chunks of ${size}: ${xml}`).toStrictEqual(referenced(xml))
    }
  })
})

describe('XmlScanner on hostile input', () => {
  it(`refuses markup longer than ${MAX_MARKUP_CHARACTERS} characters, holding each chunk once`, () => {
    const chunk = 'x'.repeat(64 * 1024)
    const scanner = new XmlScanner({ onopentag() {}, ontext() {}, onclosetag() {}, onend() {} }, malformed)
    scanner.write('<r><!-- ')
    const started = performance.now()
    let written = 0
    const write = () => {
      for (;;) {
        scanner.write(chunk)
        written += chunk.length
      }
    }
    expect(write).toThrow(/^markup longer than \d+ characters at character 3$/)
    expect(written).toBeGreaterThanOrEqual(MAX_MARKUP_CHARACTERS - chunk.length)
    expect(written).toBeLessThanOrEqual(MAX_MARKUP_CHARACTERS)
    // Joined chunk by chunk, 256 writes would copy 2 GB of characters.
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('reads a long comment that ends, and a long text with a reference cut by every chunk', () => {
    const comment = `<r><!-- ${'y'.repeat(1_000_000)} -->${'a&amp;'.repeat(100_000)}</r>`
    expect(scanned(comment, 4099)).toStrictEqual([['open', 'r', {}], ['text', 'a&'.repeat(100_000)], ['close', 'r'], ['end']])
  })
})

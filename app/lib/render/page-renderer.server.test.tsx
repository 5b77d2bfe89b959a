import { createElement, Fragment } from 'react'
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { PooledTextEncoder, renderedBytes, renderToReadableStream } from './page-renderer.server'

/** Pieces of every length around the pooled limit and the renderer's 512-byte views, in one- to four-byte characters. */
function pieces(): string[] {
  const texts: string[] = []
  for (const character of ['a', 'ā', 'ж', '€', '😀']) {
    for (const units of [1, 169, 170, 171, 256, 511, 512, 513, 2000]) texts.push(character.repeat(Math.ceil(units / character.length)))
  }
  return texts
}

async function rendered(texts: readonly string[]): Promise<string> {
  const stream = await renderToReadableStream(
    createElement(
      Fragment,
      null,
      texts.map((text, at) => createElement('p', { key: at, title: text }, text)),
    ),
  )
  await stream.allReady
  return new TextDecoder('utf-8', { fatal: true }).decode(await new Response(stream).arrayBuffer())
}

describe('the page renderer (decisions 0012, 0031)', () => {
  it('was loaded with the pooled encoder', () => {
    expect(PooledTextEncoder.made).toBeGreaterThanOrEqual(1)
  })

  it('writes what the string renderer writes, page after page, and leaves the buffer pool usable', async () => {
    const texts = pieces()
    const expected = renderToString(createElement(Fragment, null, texts.map((text, at) => createElement('p', { key: at, title: text }, text))))
    for (let page = 0; page < 3; page++) expect(await rendered(texts)).toBe(expected)
    // A long piece given from the pool would have been taken by the stream, with every small Buffer cut from it.
    expect(Buffer.from('pool').toString()).toBe('pool')
    expect(Buffer.allocUnsafe(64).byteLength).toBe(64)
  })

  it('reads a page as a Response reads it, a page larger than its first buffer too', async () => {
    const page = (texts: readonly string[]) =>
      createElement(
        Fragment,
        null,
        texts.map((text, at) => createElement('p', { key: at, title: text }, text)),
      )
    const many = Array.from({ length: 30 }, () => pieces()).flat()
    for (const texts of [[], ['a'], pieces(), many]) {
      const [first, second] = await Promise.all([renderToReadableStream(page(texts)), renderToReadableStream(page(texts))])
      await Promise.all([first.allReady, second.allReady])
      const expected = new Uint8Array(await new Response(first).arrayBuffer())
      const bytes = await renderedBytes(second)
      expect(bytes.byteLength).toBe(expected.byteLength)
      expect(Buffer.compare(Buffer.from(bytes), Buffer.from(expected))).toBe(0)
    }
    expect(new Uint8Array(await new Response(await renderToReadableStream(page(many))).arrayBuffer()).byteLength).toBeGreaterThan(256 * 1024)
  })

  it('encodes as TextEncoder does, lone surrogates included', () => {
    const pooled = new PooledTextEncoder()
    for (const text of ['', 'Sveiki', 'Привет', '\ud800', 'a\udc00b', '😀'.repeat(100), 'ž'.repeat(400)]) {
      expect([...pooled.encode(text)]).toEqual([...new TextEncoder().encode(text)])
    }
  })
})

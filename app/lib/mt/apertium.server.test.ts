import { describe, expect, it } from 'vitest'
import { parse } from '../tags'
import { checkTarget } from '../projects/segment-rules'
import { apertiumProvider } from './apertium.server'
import { createMtRegistry } from './registry.server'

/**
 * Against a real Apertium APY with the eng-spa pair: `APERTIUM_URL=$(scripts/start-apertium.sh 2737) npx vitest run app/lib/mt`.
 * Without APERTIUM_URL these tests are skipped (the message below says so in the report).
 */
const url = process.env.APERTIUM_URL
const describeWithApertium = url ? describe : describe.skip
if (!url) console.warn('[mt] APERTIUM_URL is not set: the Apertium tests are skipped (start it with scripts/start-apertium.sh)')

const signal = () => AbortSignal.timeout(15_000)

describe('Apertium provider without an engine', () => {
  it('answers provider-unavailable when nothing listens, and lists nothing', async () => {
    const registry = createMtRegistry({
      providers: [apertiumProvider({ url: 'http://127.0.0.1:9' })],
      timeoutMs: 2000,
      cacheSeconds: 60,
      batchSegments: 40,
      batchCharacters: 8000,
    })
    expect(await registry.translate('apertium:eng|spa', ['Hello'])).toMatchObject({
      ok: false,
      error: { code: 'provider-unavailable', provider: 'apertium' },
    })
    expect(await registry.listSystems()).toEqual({ systems: [], unavailable: ['apertium'] })
  })
})

describeWithApertium('Apertium APY (real engine, eng-spa)', () => {
  const provider = apertiumProvider({ url: url ?? '' })
  const registry = createMtRegistry({ providers: [provider], timeoutMs: 15_000, cacheSeconds: 60, batchSegments: 40, batchCharacters: 8000 })

  it('lists its pairs as running General systems with two-letter codes', async () => {
    const systems = await provider.listSystems({ signal: signal() })
    expect(systems).toContainEqual({
      id: 'apertium:eng|spa',
      domain: 'General',
      title: 'Apertium English → Spanish',
      sourceLang: 'en',
      targetLang: 'es',
      status: 'running',
    })
  })

  it('translates a batch in one request, each text on its own', async () => {
    const texts = ['The house is big.', 'I have two dogs and a cat', 'Click here to open the file.']
    const batch = await provider.translate('eng|spa', texts, { signal: signal() })
    const single = await Promise.all(texts.map(async (text) => (await provider.translate('eng|spa', [text], { signal: signal() }))[0]))
    expect(batch.map((text) => text.trim())).toEqual(single.map((text) => text?.trim()))
    expect(batch[0]?.trim()).toBe('La casa es grande.')
  })

  it('brings a tagged segment back with the same tags in a valid order', async () => {
    const source = 'Click <g1>here</g1> to open the <g2>red</g2> file<x3/> & save <ph4/>now.'
    const result = await registry.translate('apertium:eng|spa', [source, '<g1>The <b2>big</b2> house</g1>', '<x1/>', '2024'])
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const [first, second, tagsOnly, number] = result.translations
    expect(first).toMatch(/aquí/)
    expect(first).toMatch(/&/)
    for (const [translation, original] of [
      [first, source],
      [second, '<g1>The <b2>big</b2> house</g1>'],
    ] as const) {
      const check = checkTarget(translation ?? '', parse(original))
      expect(check.ok, translation).toBe(true)
      const tags = (text: string) => (text.match(/<\/?[a-z]+\d+\/?>/g) ?? []).sort()
      expect(tags(translation ?? '')).toEqual(tags(original))
    }
    // Nothing to translate: not sent, given back as it was.
    expect([tagsOnly, number]).toEqual(['<x1/>', '2024'])
  })

  it('keeps every tag valid over many tagged sentences in one batch', async () => {
    const sentences = [
      'The committee approved the new budget for next year.',
      'Please read the instructions carefully before you start.',
      'Our office is closed on public holidays.',
      'You can change your password at any time.',
      'The results will be published on the website tomorrow.',
      'If the problem persists, contact the support team.',
      'She bought three apples and a loaf of bread.',
      'The meeting was moved to Thursday afternoon.',
    ]
    const shapes = [
      (w: string[]) => `<g1>${w[0]}</g1> ${w.slice(1).join(' ')}`,
      (w: string[]) => `${w.slice(0, 2).join(' ')} <g1>${w.slice(2, 4).join(' ')}</g1> ${w.slice(4).join(' ')}<x2/>`,
      (w: string[]) => `<g1>${w.slice(0, 3).join(' ')} <b2>${w[3]}</b2></g1> ${w.slice(4).join(' ')}`,
      (w: string[]) => `<ph1/>${w.join(' ')} <x2/> <g3>!</g3>`,
    ]
    const sources = sentences.flatMap((sentence) => shapes.map((shape) => shape(sentence.split(' '))))
    const result = await registry.translate('apertium:eng|spa', sources)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    result.translations.forEach((translation, index) => {
      const source = sources[index] ?? ''
      expect(checkTarget(translation, parse(source)).ok, `${source} → ${translation}`).toBe(true)
      expect(parse(translation).filter((token) => token.kind !== 'text')).toHaveLength(
        parse(source).filter((token) => token.kind !== 'text').length,
      )
    })
  })

  it('answers unknown-system for a pair APY does not have', async () => {
    const result = await registry.translate('apertium:eng|xxx', ['Hello'])
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown-system', provider: 'apertium' } })
  })
})

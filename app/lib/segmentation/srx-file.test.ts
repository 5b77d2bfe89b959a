import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { compileRules, srxBreaks } from './srx'
import { parseSrx, srxRulesFor } from './srx-file'

const sampleDir = path.join(import.meta.dirname, '../../../../shared/samples/segmentation')
const files = fs.readdirSync(sampleDir).filter((name) => name.endsWith('.srx'))

function load(name: string) {
  return parseSrx(fs.readFileSync(path.join(sampleDir, name), 'utf8'))
}

function segment(name: string, language: string, text: string): string[] {
  const { rules } = srxRulesFor(load(name), language)
  const offsets = srxBreaks(text, compileRules(rules))
  return [0, ...offsets].map((start, i) => text.slice(start, offsets[i] ?? text.length))
}

describe('parseSrx', () => {
  it('reads rules, maps and the cascade flag', () => {
    const document = parseSrx(`<?xml version="1.0"?>
      <srx xmlns="http://www.lisa.org/srx20" version="2.0">
        <header cascade="yes"/>
        <body>
          <languagerules>
            <languagerule languagerulename="English">
              <rule break="no"><beforebreak>\\bMr\\.</beforebreak><afterbreak>\\s</afterbreak></rule>
            </languagerule>
            <languagerule languagerulename="Default">
              <rule><beforebreak>[.?!]</beforebreak><afterbreak>\\s</afterbreak></rule>
              <rule break="yes"><beforebreak>\\n</beforebreak><afterbreak/></rule>
            </languagerule>
          </languagerules>
          <maprules>
            <languagemap languagepattern="[Ee][Nn].*" languagerulename="English"/>
            <languagemap languagepattern=".*" languagerulename="Default"/>
          </maprules>
        </body>
      </srx>`)
    expect(document.cascade).toBe(true)
    expect(document.languageRules.get('English')).toEqual([{ break: false, before: '\\bMr\\.', after: '\\s' }])
    expect(document.languageRules.get('Default')).toHaveLength(2)
    expect(srxRulesFor(document, 'en-US').rules).toHaveLength(3)
    expect(srxRulesFor(document, 'lv').rules).toHaveLength(2)
    expect(srxRulesFor({ ...document, cascade: false }, 'en').rules).toHaveLength(1)
  })

  it.each(files)('%s: translates nearly every rule to JavaScript', (name) => {
    const document = load(name)
    const total = [...document.languageRules.values()].reduce((sum, rules) => sum + rules.length, 0)
    let skipped = 0
    for (const language of new Set(document.languageMaps.map((map) => map.ruleName))) {
      const rules = document.languageRules.get(language) ?? []
      const own = srxRulesFor({ ...document, cascade: false, languageMaps: [{ pattern: '.*', ruleName: language }] }, 'x')
      expect(own.rules.length + own.skipped).toBe(rules.length)
      skipped += own.skipped
    }
    console.log(`${name}: ${total} rules, ${skipped} skipped as untranslatable`)
    expect(total).toBeGreaterThan(0)
    expect(skipped / total).toBeLessThan(0.01)
  })
})

describe('Okapi rule files run on a few sentences', () => {
  it('okapi_defaultSegmentation.srx: titles and acronyms hold, sentences break before the space', () => {
    expect(segment('okapi_defaultSegmentation.srx', 'en', 'Mr. Holmes is from the U.K. not the U.S. Is Dr. Watson there? Yes.')).toEqual([
      'Mr. Holmes is from the U.K. not the U.S.',
      ' Is Dr. Watson there?',
      ' Yes.',
    ])
  })

  it('okapi_alternate-default.srx: Russian rules keep "г. Москва" together', () => {
    expect(segment('okapi_alternate-default.srx', 'ru', 'Он приехал в г. Москва. Там было холодно!')).toEqual([
      'Он приехал в г. Москва. ',
      'Там было холодно!',
    ])
  })

  it('okapi_default_icu4j.srx: cascades language rules into the default', () => {
    const document = load('okapi_default_icu4j.srx')
    expect(document.cascade).toBe(true)
    const english = srxRulesFor(document, 'en-GB').rules.length
    expect(english).toBe((document.languageRules.get('English')?.length ?? 0) + (document.languageRules.get('Default')?.length ?? 0))
    expect(segment('okapi_default_icu4j.srx', 'en', 'Dr. Watson is here. He waits.')).toEqual(['Dr. Watson is here.', ' He waits.'])
  })

  it('okapi_gcaligner_default.srx: line breaks and stops', () => {
    expect(segment('okapi_gcaligner_default.srx', 'en', 'One line. Two lines.')).toEqual(['One line.', ' Two lines.'])
  })
})

/**
 * Reads SRX 2.0 files (LISA/GALA) into rule sets for the engine in srx.ts. Our own rules are TypeScript
 * data, so this is only for importing and testing rule files written elsewhere; it stays out of the editor
 * bundle by living in its own module.
 */
import { Parser } from 'htmlparser2'
import { translateIcuPattern } from './icu-regex'
import { type SrxRule } from './srx'

/** A rule as the file spells it: patterns in ICU / Java regex syntax. */
export interface SrxFileRule {
  break: boolean
  before: string
  after: string
}

export interface SrxDocument {
  /** SRX `cascade="yes"`: every matching language map contributes its rules, in map order. */
  cascade: boolean
  languageRules: Map<string, SrxFileRule[]>
  languageMaps: { pattern: string; ruleName: string }[]
}

export function parseSrx(xml: string): SrxDocument {
  const document: SrxDocument = { cascade: false, languageRules: new Map(), languageMaps: [] }
  let rules: SrxFileRule[] | null = null
  let rule: SrxFileRule | null = null
  let field: 'before' | 'after' | null = null

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        switch (localName(name)) {
          case 'header':
            document.cascade = attributes.cascade === 'yes'
            break
          case 'languagerule':
            rules = []
            document.languageRules.set(attributes.languagerulename ?? '', rules)
            break
          case 'rule':
            rule = { break: attributes.break !== 'no', before: '', after: '' }
            break
          case 'beforebreak':
            field = 'before'
            break
          case 'afterbreak':
            field = 'after'
            break
          case 'languagemap':
            document.languageMaps.push({
              pattern: attributes.languagepattern ?? '',
              ruleName: attributes.languagerulename ?? '',
            })
            break
        }
      },
      ontext(text) {
        if (rule && field) rule[field] += text
      },
      onclosetag(name) {
        switch (localName(name)) {
          case 'rule':
            if (rule && rules) rules.push(rule)
            rule = null
            break
          case 'beforebreak':
          case 'afterbreak':
            field = null
            break
          case 'languagerule':
            rules = null
            break
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  )
  parser.end(xml)
  return document
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1)
}

export interface TranslatedRules {
  rules: SrxRule[]
  /** Rules whose ICU pattern has no faithful JavaScript translation; they are left out. */
  skipped: number
}

/**
 * The rules an SRX document applies to `language`: the first matching language map, or with cascade all
 * matching maps in order (SRX 2.0 §2.5). A language pattern must match the whole code.
 */
export function srxRulesFor(document: SrxDocument, language: string): TranslatedRules {
  const result: TranslatedRules = { rules: [], skipped: 0 }
  for (const map of document.languageMaps) {
    const pattern = translateIcuPattern(map.pattern)
    if (pattern === null || !new RegExp(`^(?:${pattern})$`, 'u').test(language)) continue
    for (const rule of document.languageRules.get(map.ruleName) ?? []) {
      const before = translateIcuPattern(rule.before)
      const after = translateIcuPattern(rule.after)
      if (before === null || after === null) result.skipped++
      else result.rules.push({ break: rule.break, before, after })
    }
    if (!document.cascade) break
  }
  return result
}

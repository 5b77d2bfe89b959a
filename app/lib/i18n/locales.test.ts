import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { namespaces, supportedLanguages } from './config'

/**
 * Every string exists in lv, en and ru (issue #2): the three key sets must be the same once plural
 * suffixes are set aside, and every plural key must carry exactly the forms its language needs.
 */
const root = path.resolve(import.meta.dirname, '../../../public/locales')
const PLURAL = /_(zero|one|two|few|many|other)$/

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const keys = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') keys.set(name, value)
    else for (const [k, v] of flatten(value, name)) keys.set(k, v)
  }
  return keys
}

function load(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(fs.readFileSync(path.join(root, language, `${namespace}.json`), 'utf8')) as Tree)
}

function baseKeys(keys: Map<string, string>): string[] {
  return [...new Set([...keys.keys()].map((key) => key.replace(PLURAL, '')))].sort()
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort()
}

describe.each(namespaces)('namespace %s', (namespace) => {
  const byLanguage = Object.fromEntries(supportedLanguages.map((language) => [language, load(language, namespace)]))

  it('has a file per language and no empty strings', () => {
    for (const language of supportedLanguages) {
      for (const [key, text] of byLanguage[language]!) expect(text.trim(), `${language}:${namespace}.${key}`).not.toBe('')
    }
  })

  it('has the same keys in lv, en and ru', () => {
    const reference = baseKeys(byLanguage.en!)
    for (const language of supportedLanguages) expect(baseKeys(byLanguage[language]!), language).toEqual(reference)
  })

  it.each(supportedLanguages)('has exactly the plural forms %s needs', (language) => {
    const needed = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort()
    const keys = byLanguage[language]!
    const plurals = new Map<string, string[]>()
    for (const key of keys.keys()) {
      const match = PLURAL.exec(key)
      if (match) plurals.set(key.replace(PLURAL, ''), [...(plurals.get(key.replace(PLURAL, '')) ?? []), match[1]!])
    }
    for (const [key, forms] of plurals) expect(forms.sort(), `${language}:${namespace}.${key}`).toEqual(needed)
  })

  it('uses the same placeholders in every language', () => {
    for (const [key, text] of byLanguage.en!) {
      const base = key.replace(PLURAL, '')
      for (const language of supportedLanguages) {
        for (const [otherKey, otherText] of byLanguage[language]!) {
          if (otherKey.replace(PLURAL, '') === base) expect(variables(otherText), `${language}:${otherKey}`).toEqual(variables(text))
        }
      }
    }
  })
})

const usedKey = new RegExp(`['"\`]((?:${namespaces.join('|')}):[A-Za-z0-9_.]+)['"\`]`, 'g')

describe('keys used in code', () => {
  it('exist in every language', () => {
    const sources = listFiles(path.resolve(import.meta.dirname, '../..')).filter((file) => /\.(ts|tsx)$/.test(file) && !file.endsWith('.test.ts'))
    const used = new Set<string>()
    for (const file of sources) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(usedKey)) used.add(match[1]!)
    }
    expect(used.size).toBeGreaterThan(5)
    for (const language of supportedLanguages) {
      for (const qualified of used) {
        const [namespace, key] = qualified.split(':') as [string, string]
        const keys = baseKeys(load(language, namespace))
        expect(keys, `${language} ${qualified}`).toContain(key)
      }
    }
  })
})

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? listFiles(full) : [full]
  })
}

describe('server resources', () => {
  it('bundle every namespace in every language (a namespace left out renders its raw keys)', async () => {
    const { resources } = await import('./resources.server')
    for (const language of supportedLanguages) expect(Object.keys(resources[language] ?? {}).sort()).toEqual([...namespaces].sort())
  })
})

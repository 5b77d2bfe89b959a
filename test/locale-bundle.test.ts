import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { loader } from '../app/routes/locales.$language.bundle[.]json'
import { BASE, context } from './remix'

/** Issue 19 point 11: a page's strings in one answer, the same as the files the browser used to fetch one by one. */
const locales = path.resolve(import.meta.dirname, '../public/locales')

function bundle(language: string, query: string) {
  const request = new Request(`${BASE}/locales/${language}/bundle.json${query}`)
  return loader({ request, params: { language }, context })
}

describe('the locale bundle', () => {
  it('holds each namespace asked for, as its file has it, cached as the files are', async () => {
    const response = bundle('ru', '?ns=common,translate,qa')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=3600')
    const body = (await response.json()) as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['common', 'translate', 'qa'])
    for (const name of ['common', 'translate', 'qa']) {
      expect(body[name]).toEqual(JSON.parse(fs.readFileSync(path.join(locales, 'ru', `${name}.json`), 'utf8')))
    }
  })

  it.each([
    ['an unknown language', 'de', '?ns=common'],
    ['an unknown namespace', 'lv', '?ns=common,secrets'],
    ['no namespace', 'lv', ''],
    ['a path for a namespace', 'lv', '?ns=../../package'],
  ])('answers 404 to %s', async (_, language, query) => {
    const response = bundle(language, query)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('Not found')
  })
})

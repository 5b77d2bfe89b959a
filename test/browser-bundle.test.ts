import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO, requireBuild } from '../bench/app-server'

/**
 * What the browser's JavaScript is made of, from the client build's metafile: only the packages pages need. A server
 * library pulled in through a shared module (zod came in with row ids, 14 KB gzipped on every page) fails here, not
 * months later in a size figure.
 */
const BROWSER_PACKAGES = [
  '@remix-run/react',
  '@remix-run/router',
  '@remix-run/server-runtime',
  '@web3-storage/multipart-parser',
  'cookie',
  'html-parse-stringify',
  'i18next',
  'react',
  'react-dom',
  'react-i18next',
  'react-router',
  'react-router-dom',
  'remix-i18next',
  'scheduler',
  'set-cookie-parser',
  'turbo-stream',
  'void-elements',
]

describe('the browser bundle', () => {
  it('holds only the packages pages need', () => {
    requireBuild()
    const { inputs } = JSON.parse(fs.readFileSync(path.join(REPO, 'build/metafile.js.json'), 'utf8')) as { inputs: Record<string, unknown> }
    const packages = new Set(Object.keys(inputs).flatMap((input) => /^node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? []))
    expect([...packages].sort()).toEqual(BROWSER_PACKAGES)
  })
})

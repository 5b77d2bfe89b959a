import express from 'express'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '~/lib/env.server'

/**
 * Issue 50: with TRUST_PROXY the sign-in limits counted the leftmost X-Forwarded-For value, which the client writes
 * itself: a new address for every attempt. Express, set as server.mjs sets it, now takes the address the trusted
 * proxies saw.
 */
async function clientAddress(trustProxy: string, forwardedFor: string): Promise<string | undefined> {
  const app = express()
  app.set('trust proxy', parseEnv({ TRUST_PROXY: trustProxy }).TRUST_PROXY)
  app.get('/', (req, res) => res.send(req.ip))
  const server = app.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  try {
    const { port } = server.address() as AddressInfo
    return await (await fetch(`http://127.0.0.1:${port}/`, { headers: { 'X-Forwarded-For': forwardedFor } })).text()
  } finally {
    server.close()
  }
}

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('takes the address the nearest proxy saw, not what the client wrote on the left', async () => {
    expect(await clientAddress('true', '6.6.6.6, 203.0.113.5')).toBe('203.0.113.5')
    expect(await clientAddress('1', '6.6.6.6, 7.7.7.7, 203.0.113.5')).toBe('203.0.113.5')
  })

  it('counts as many hops as there are proxies', async () => {
    expect(await clientAddress('2', '6.6.6.6, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5')
  })

  it('skips the listed proxies from the right', async () => {
    expect(await clientAddress('loopback,10.0.0.0/8', '6.6.6.6, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5')
  })

  it('believes no header without TRUST_PROXY', async () => {
    expect(await clientAddress('false', '6.6.6.6')).toBe('127.0.0.1')
  })
})

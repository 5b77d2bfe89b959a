import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password.server'

describe('password hashing', () => {
  it('verifies the right password and refuses others', async () => {
    const hash = await hashPassword('pareizā parole')
    expect(await verifyPassword('pareizā parole', hash)).toBe(true)
    expect(await verifyPassword('pareiza parole', hash)).toBe(false)
    expect(await verifyPassword('', hash)).toBe(false)
  })

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })

  it('keeps its parameters in the hash so they can be raised later', async () => {
    const hash = await hashPassword('x')
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1'])
  })

  it('treats composed and decomposed letters as the same password (NFKC)', async () => {
    const hash = await hashPassword('Ā')
    expect(await verifyPassword('A\u0304', hash)).toBe(true)
  })

  it('refuses malformed stored hashes instead of throwing', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false)
    expect(await verifyPassword('x', 'bcrypt$1$2$3$aa$bb')).toBe(false)
  })
})

import crypto from 'node:crypto'
import { promisify } from 'node:util'

const scrypt = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per hash (OWASP's minimum is N=2^17 with r=8, p=1;
// we choose N=2^15 with the same r for old laptops hosting Tulks themselves, and keep the parameters
// in every stored hash so they can be raised later without invalidating accounts).
const COST = { N: 2 ** 15, r: 8, p: 1 }
const KEY_LENGTH = 32

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const key = await derive(password, salt, COST)
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !expected) return false
  const expectedKey = Buffer.from(expected, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p) })
  return key.length === expectedKey.length && crypto.timingSafeEqual(key, expectedKey)
}

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }) {
  return scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...cost, maxmem: 256 * cost.N * cost.r })
}

/** A hash to verify against when the account does not exist, so both cases take the same time. */
let decoy: Promise<string> | undefined
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(crypto.randomBytes(16).toString('hex'))
  return decoy
}

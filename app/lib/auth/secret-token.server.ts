import crypto from 'node:crypto'

/**
 * A secret a browser or a program holds (a session's, an access token's, a kept text's): 32 random bytes. The
 * database keeps only its SHA-256 (`secretHash`), so a copy of the database opens nothing (DESIGN "Security").
 */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url')
}

export function secretHash(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex')
}

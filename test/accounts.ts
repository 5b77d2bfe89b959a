import { createSession } from '~/lib/auth/session.server'
import { createUser, type User } from '~/lib/auth/users.server'
import { BASE } from './remix'

/** A new user and a session cookie for requests made as them (the API tests: the owner, and a stranger). */
export async function signedInUser(email: string, name = email.split('@')[0]!): Promise<{ user: User; cookie: string }> {
  const made = await createUser({ email, name, password: 'a long enough password' })
  if (!made.ok) throw new Error(`could not create ${email}: ${made.error}`)
  return { user: made.user, cookie: (await createSession(made.user.id, new Request(BASE))).split(';')[0]! }
}

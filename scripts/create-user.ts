/**
 * Creates an account from the command line (issue #2):
 *   npm run user:create -- --email ana@example.com --name "Ana Bērziņa"
 * The password is read from standard input when it is piped, otherwise asked for without echo.
 * With the embedded database the server must be stopped first (one process per data directory).
 */
import { parseArgs } from 'node:util'
import readline from 'node:readline'
import type { z } from 'zod'
import { PASSWORD_MIN_LENGTH } from '../app/lib/auth/forms'
import { signUpSchema } from '../app/lib/auth/forms.server'
import { createUser } from '../app/lib/auth/users.server'
import { connectDatabase, disconnectDatabase } from '../app/lib/db/db.server'
import { getEnv } from '../app/lib/env.server'
import en from '../public/locales/en/auth.json'

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  if (values.help || !values.email || !values.name) {
    console.error('Usage: npm run user:create -- --email EMAIL --name "FULL NAME"   (password on stdin or prompt)')
    return values.help ? 0 : 2
  }
  const password = await readPassword()
  const parsed = signUpSchema.safeParse({ email: values.email, name: values.name, password, confirm: password })
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`${issue.path.join('.')}: ${describe(issue)}`)
    return 2
  }
  await connectDatabase(getEnv())
  try {
    const created = await createUser(parsed.data)
    if (!created.ok) {
      console.error(en.errors.emailTaken)
      return 1
    }
    console.log(`Created account ${created.user.id} for ${created.user.email}.`)
    return 0
  } finally {
    await disconnectDatabase()
  }
}

/** Messages are translation keys ("auth:errors.passwordTooShort"); the CLI speaks English. */
function describe(issue: z.ZodIssue): string {
  const key = issue.message.replace(/^auth:errors\./, '')
  const messages = en.errors as Record<string, string>
  const text = messages[key] ?? messages[`${key}_other`] ?? issue.message
  return text.replace("{{count}}", String(PASSWORD_MIN_LENGTH))
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = []
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '')
  }
  const prompt = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true })
  // Mute echo: write the prompt ourselves and swallow what readline would print.
  const output = prompt as unknown as { _writeToOutput: (text: string) => void }
  process.stdout.write('Password: ')
  output._writeToOutput = () => {}
  const password = await new Promise<string>((resolve) => prompt.question('', resolve))
  prompt.close()
  process.stdout.write('\n')
  return password
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  },
)

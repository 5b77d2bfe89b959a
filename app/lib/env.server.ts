import { z } from 'zod'

/**
 * Every setting Tulks reads from the environment, validated once at start.
 * The README's "Configuration" table lists the same names; keep them in step.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    errorMap: () => ({ message: 'expected true or false' }),
  })
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value))

/**
 * TRUST_PROXY (issue 50): which X-Forwarded-For entries to believe. The client writes the leftmost ones itself, so the
 * address is counted from the right: `false` (none: the connection's own address), a number of proxies in front
 * (`true` is one), or the proxies' addresses and subnets (e.g. `10.0.0.0/8,127.0.0.1`, or `loopback`), as Express
 * takes them.
 */
const trustProxy = z
  .string()
  .transform((value, context): false | number | string[] => {
    const text = value.trim().toLowerCase()
    if (['false', '0', 'no', 'off', ''].includes(text)) return false
    if (['true', 'yes', 'on'].includes(text)) return 1
    if (/^\d{1,2}$/.test(text)) return Number(text)
    const proxies = text.split(',').map((item) => item.trim())
    if (proxies.every((proxy) => /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/.test(proxy))) return proxies
    context.addIssue({ code: z.ZodIssueCode.custom, message: 'expected false, a number of proxies, or their addresses, e.g. 10.0.0.0/8,127.0.0.1' })
    return z.NEVER
  })

const positiveInt = (fallback: number) =>
  z.coerce
    .number({ invalid_type_error: 'expected a whole number' })
    .int('expected a whole number')
    .positive('expected a number above 0')
    .default(fallback)

const sameSitePath = z
  .string()
  .refine((value) => /^\/(?![/\\])/.test(value) || /^https?:\/\//.test(value), {
    message: 'expected a path starting with / or an http(s) address',
  })

/** An external address with {placeholders}; empty means "not configured". */
const urlTemplate = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'expected an http(s) address template, e.g. https://example.org/search?q={term}')
  .optional()
  .or(z.literal('').transform(() => undefined))

/** A service address; empty means "not configured". */
const serviceUrl = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'expected an http(s) address, e.g. http://127.0.0.1:2737')
  .optional()
  .or(z.literal('').transform(() => undefined))

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ invalid_type_error: 'expected a port number' })
    .int('expected a port number')
    .min(1, 'expected a port between 1 and 65535')
    .max(65535, 'expected a port between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// connection address')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_POOL_SIZE: positiveInt(10),
  ALLOW_SIGNUP: booleanFlag.default('false'),
  SIGN_IN_URL: sameSitePath.default('/sign-in'),
  SESSION_DAYS: positiveInt(30),
  TRUST_PROXY: trustProxy.default('false'),
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
  SIGN_IN_MAX_FAILURES_PER_ADDRESS: positiveInt(30),
  SIGN_IN_LOCK_MINUTES: positiveInt(15),
  UPLOAD_MAX_MB: positiveInt(50),
  UPLOAD_MAX_FILES: positiveInt(20),
  TMX_UPLOAD_MAX_MB: positiveInt(500),
  UPLOAD_MAX_NAME_LENGTH: positiveInt(200),
  UPLOAD_EXTENSIONS: z
    .string()
    .regex(/^[a-z0-9]+(,[a-z0-9]+)*$/, 'expected lower-case extensions separated by commas, e.g. docx,html,txt')
    .optional(),
  SEGMENT_PAGE_SIZE: positiveInt(5).pipe(z.number().max(100, 'expected at most 100')),
  TERM_BASE_URL: urlTemplate,
  SYNONYM_BASE_URL: urlTemplate,
  TM_MIN_MATCH: z.coerce
    .number({ invalid_type_error: 'expected a whole number' })
    .int('expected a whole number')
    .min(1, 'expected a percentage from 1 to 100')
    .max(100, 'expected a percentage from 1 to 100')
    .default(50),
  TM_INDEX_UNITS: z.coerce
    .number({ invalid_type_error: 'expected a whole number' })
    .int('expected a whole number')
    .min(1_000, 'expected 1000 or more: lookups go through the copies this many units are held in (docs/decisions/0014)')
    .default(5_000_000),
  WORKER: booleanFlag.default('true'),
  WORKER_POLL_MS: positiveInt(1000),
  TASK_LEASE_SECONDS: positiveInt(60),
  TMX_PREPARE_THREAD_MB: z.coerce
    .number({ invalid_type_error: 'expected a whole number' })
    .int('expected a whole number')
    .min(0, 'expected 0 or more')
    .default(16),
  APERTIUM_URL: serviceUrl,
  TILDE_MT_URL: serviceUrl,
  TILDE_MT_CLIENT_ID: z.string().optional(),
  TILDE_MT_APP_ID: z.string().min(1).default('Tulks'),
  TILDE_MT_UI_LANGUAGE: z.string().regex(/^[a-z]{2}$/, 'expected a two-letter language code, e.g. en').default('en'),
  MT_TIMEOUT_MS: positiveInt(8000),
  MT_SYSTEMS_CACHE_SECONDS: positiveInt(60),
  MT_BATCH_SEGMENTS: positiveInt(40),
  MT_BATCH_CHARACTERS: positiveInt(8000),
})

export type Env = z.infer<typeof envSchema>

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'EnvError'
  }
}

/** Parses a raw environment; throws EnvError naming every bad variable and why. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(raw)
  if (result.success) return result.data
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.')
    return `${name}=${JSON.stringify(raw[name] ?? '')}: ${issue.message}`
  })
  throw new EnvError(problems)
}

let cached: Env | undefined

export function getEnv(): Env {
  cached ??= parseEnv(process.env)
  return cached
}

/** Tests change the environment between cases; they call this after doing so. */
export function resetEnvForTests() {
  cached = undefined
}

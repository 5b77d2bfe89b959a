import { afterEach } from 'vitest'
import { resetEnvForTests } from '~/lib/env.server'

/** Sets environment variables for one test; they are restored after it. */
export function setEnv(vars: Record<string, string | undefined>) {
  const saved = new Map<string, string | undefined>()
  for (const [name, value] of Object.entries(vars)) {
    saved.set(name, process.env[name])
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  resetEnvForTests()
  restorers.push(() => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name]
      else process.env[name] = value
    }
  })
}

const restorers: (() => void)[] = []

afterEach(() => {
  while (restorers.length) restorers.pop()!()
  resetEnvForTests()
})

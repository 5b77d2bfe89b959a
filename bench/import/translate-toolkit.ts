import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

/**
 * Debian translate-toolkit's converters, timed as whole commands (wall time, start-up included) — what a
 * user of that tool waits for. Missing tools are reported, not fatal.
 */
export function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
}

export interface CommandTiming {
  ms: number
  ok: boolean
  detail: string
}

export function timeCommand(command: string, args: string[], timeoutMs = 120_000): CommandTiming {
  const start = performance.now()
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 })
  const ms = performance.now() - start
  const ok = result.status === 0 && !result.error
  const detail = ok ? '' : (result.error?.message ?? result.stderr.trim().split('\n').at(-1) ?? `exit ${result.status}`)
  return { ms, ok, detail }
}

/**
 * The ODT LibreOffice saves from a DOCX (what odf2xliff reads). A private profile directory keeps this
 * headless instance apart from any other soffice running on the machine.
 */
export function convertToOdt(docxFile: string, workDir: string): string {
  const profile = path.join(workDir, 'lo-profile')
  const result = spawnSync(
    'soffice',
    [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'odt', '--outdir', workDir, docxFile],
    { encoding: 'utf8', timeout: 180_000 },
  )
  const odt = path.join(workDir, `${path.basename(docxFile, '.docx')}.odt`)
  if (result.status !== 0 || !fs.existsSync(odt)) throw new Error(`soffice could not convert ${docxFile}: ${result.stderr || result.error?.message}`)
  return odt
}

/** Units in a converter's output, to check it saw the same content: PO msgids or XLIFF trans-units. */
export function countOutputUnits(file: string): number {
  const text = fs.readFileSync(file, 'utf8')
  if (file.endsWith('.po')) return (text.match(/^msgid /gm)?.length ?? 1) - 1 // minus the header entry
  return text.match(/<trans-unit[\s>]/g)?.length ?? 0
}

import { beforeAll, describe, expect, it } from 'vitest'
import { strToU8, zipSync } from 'fflate'
import { db } from '~/lib/db/db.server'
import { startWorker } from '~/lib/jobs/worker.server'
import { taskHandlers } from '~/lib/projects/pipeline.server'
import { createProject } from '~/lib/projects/projects.server'
import { detectFormat } from '~/lib/formats/registry.server'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'

/**
 * Issue 56: a U+0000 in a file's text — a TXT holding one, an XML character reference `&#0;` — is removed at conversion,
 * the rest of the text kept; never a failed task (the database cannot store the character in text).
 */
withTestDatabase()
let ownerId: number

beforeAll(async () => {
  ownerId = (await signedInUser('nul@example.lv')).user.id
})

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const docx = (body: string) =>
  zipSync({
    '[Content_Types].xml': strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>${body}</w:t></w:r></w:p></w:body></w:document>`),
  })

const files: [string, Uint8Array][] = [
  ['nul.txt', new TextEncoder().encode('Open the\u0000 file.\nClose it.\n')],
  ['nul.html', new TextEncoder().encode('<!doctype html><html lang="en"><body><p>Open the&#0; file.</p><p>Close it.</p></body></html>')],
  ['nul.docx', docx('Open the&#0; file.')],
  ['nul.json', new TextEncoder().encode('{"open": "Open the\\u0000 file.", "close": "Close it."}')],
  ['nul.po', new TextEncoder().encode('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Open the\u0000 file."\nmsgstr ""\n')],
  ['nul.srt', new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\nOpen the\u0000 file.\n')],
  ['nul.xlf', new TextEncoder().encode('<?xml version="1.0"?><xliff version="1.2"><file source-language="en" target-language="lv" datatype="plaintext" original="x"><body><trans-unit id="1"><source>Open the&#0; file.</source></trans-unit></body></file></xliff>')],
]

describe('a U+0000 in a file', () => {
  it.each(files)('%s converts without it, the rest of its text kept', async (name, bytes) => {
    const format = detectFormat(name, bytes)
    expect(format?.id, 'recognised').toBeDefined()
    const created = await createProject({ ownerId, name, format: format!.id, bytes, sourceLang: 'en', targetLang: 'lv', tmPretranslate: false, mtPretranslate: false })
    const worker = startWorker({ handlers: taskHandlers, pollMs: 10, log: () => {} })
    await worker.idle()
    await worker.stop()
    const [project] = await db().query<{ status: string; errorCode: string | null }>('select status, error_code as "errorCode" from projects where id = $1', [created.id])
    expect(project).toEqual({ status: 'READY', errorCode: null })
    const [task] = await db().query<{ attempts: number }>(`select max(attempts)::int as attempts from tasks where project_id = $1`, [created.id])
    expect(task!.attempts).toBe(1)
    const sources = (await db().query<{ source: string }>('select source from segments where project_id = $1 order by position', [created.id])).map((row) => row.source)
    // HTML decodes `&#0;` as the HTML standard says, as U+FFFD, which the database stores.
    expect(sources[0]).toBe(name.endsWith('.html') ? 'Open the\uFFFD file.' : 'Open the file.')
  })
})

/** What process-level tests send as a browser without JavaScript would (test/durability*.test.ts, test/scale-out.test.ts). */

/** Confirms `segment` with `text` through the translator's no-JS form; the answer's status. */
export async function confirmSegment(origin: string, base: string, cookie: string, segment: { id: number; source: string }, text: string): Promise<number> {
  const response = await fetch(`${origin}${base}?segment=${segment.id}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: 'confirm', segmentId: String(segment.id), target: text, source: segment.source, renderedAt: String(Date.now()) }),
  })
  await response.arrayBuffer()
  return response.status
}

/** Uploads one file through SPEC §7 files/upload (as the page's script does); the new project. */
export async function uploadFile(origin: string, cookie: string, name: string, text: string): Promise<{ id: number; password: string }> {
  const form = new FormData()
  form.set('source_language', 'en')
  form.set('target_language', 'lv')
  form.append('files', new Blob([text]), name)
  const answer = await fetch(`${origin}/files/upload`, { method: 'POST', headers: { Cookie: cookie, Origin: origin }, body: form })
  const body = (await answer.json()) as { data?: { id_project: number; password: string } }
  if (!body.data) throw new Error(`upload of ${name} refused: ${JSON.stringify(body)}`)
  return { id: body.data.id_project, password: body.data.password }
}

/** SPEC §7 files/analysis: the project's analysis status. */
export async function analysisStatus(origin: string, cookie: string, project: { id: number; password: string }): Promise<string> {
  const answer = await fetch(`${origin}/files/analysis`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: origin },
    body: new URLSearchParams({ projectId: String(project.id), projectPassword: project.password }),
  })
  return ((await answer.json()) as { status: string }).status
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Asks `done` every half second until it holds (3 minutes at most, or `withinMs`). */
export async function poll(done: () => Promise<boolean>, withinMs = 180_000): Promise<void> {
  for (const started = Date.now(); Date.now() - started < withinMs; await sleep(500)) {
    if (await done().catch(() => false)) return
  }
  throw new Error(`not done within ${withinMs / 1000} s`)
}

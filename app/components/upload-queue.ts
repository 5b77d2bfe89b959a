import { useCallback, useState } from 'react'
import { checkFile, type UploadLimits } from '~/lib/projects/upload-rules'

/**
 * SPEC §4 "Upload" with JavaScript: files wait in a queue (each removable) until Analyze; then they go one
 * at a time to files/upload, each shown at once as a temporary row; a refused file's row is removed and its
 * error listed, and the queue moves on. The list itself refreshes by the page's 2 s polling, which runs
 * while temporary rows remain (one revalidation at a time: a second would abort the first).
 */
export interface TemporaryRow {
  tmpFileId: string
  name: string
  /** Set once the server created the project. */
  projectId?: number
  /** Server time of that answer: the row goes once the list was loaded after it (the project may be on page 2). */
  createdAt?: number
}

export interface UploadFailure {
  name: string
  /** SPEC §8 code, or the raw server message. */
  message: string
}

let nextTemporaryId = 1

export function useUploadQueue(limits: UploadLimits) {
  const [queue, setQueue] = useState<File[]>([])
  const [temporary, setTemporary] = useState<TemporaryRow[]>([])
  const [failures, setFailures] = useState<UploadFailure[]>([])
  const [uploading, setUploading] = useState(false)
  const [announced, setAnnounced] = useState<{ count: number; at: number } | undefined>()

  const add = useCallback((files: Iterable<File>) => {
    // Copy now: a FileList is live and empties when its input is cleared.
    const chosen = Array.from(files)
    setQueue((current) => [...current, ...chosen])
  }, [])
  const remove = useCallback((index: number) => setQueue((current) => current.filter((_, i) => i !== index)), [])

  const start = useCallback(
    async (fields: { source: string; target: string; mtSystem: string }) => {
      const files = queue
      setQueue([])
      // The same rules as the server's, checked before anything is sent (issue 19): too many files is one message
      // naming the limit (SPEC §8 TooManyFiles); a file refused by name or size is named with its reason, the rest go.
      if (files.length > limits.maxFiles) {
        setFailures([{ name: '', message: 'TooManyFiles' }])
        return
      }
      const codes = files.map((file) => checkFile({ name: file.name, size: file.size }, limits))
      setFailures(files.flatMap((file, index) => (codes[index] ? [{ name: file.name, message: codes[index] }] : [])))
      setUploading(true)
      let sent = 0
      for (const file of files.filter((_, index) => !codes[index])) {
        const tmpFileId = `tmp-${nextTemporaryId++}`
        setTemporary((rows) => [{ tmpFileId, name: file.name }, ...rows])
        const body = new FormData()
        body.set('source_language', fields.source)
        body.set('target_language', fields.target)
        body.set('mt_system', fields.mtSystem)
        body.append('files', file)
        let failure: string | undefined
        try {
          const response = await fetch('/files/upload', { method: 'POST', body, headers: { Accept: 'application/json' } })
          if (response.status === 401) {
            // Issue 19: the session ended. The files not sent yet stay in the queue, and the list says why: the
            // translator signs in (in another tab, or here after the queue is sent again) without choosing them again.
            const left = files.slice(files.indexOf(file))
            setTemporary((rows) => rows.filter((row) => row.tmpFileId !== tmpFileId))
            setQueue((current) => [...left, ...current])
            setFailures((list) => [...list, { name: '', message: 'SessionExpired' }])
            setUploading(false)
            return
          }
          if (response.status === 403) {
            // SPEC §8 403: the unexpected-error text, for this file.
            failure = 'Forbidden'
            throw new Error('forbidden')
          }
          const answer = (await response.json()) as {
            code: number
            errors?: { message?: string }[]
            data?: { id_project: number }
            time?: number
          }
          if (answer.code < 1 || !answer.data) failure = answer.errors?.[0]?.message ?? 'ErrorCreatingProject'
          else {
            const projectId = answer.data.id_project
            const createdAt = answer.time
            setTemporary((rows) => rows.map((row) => (row.tmpFileId === tmpFileId ? { ...row, projectId, createdAt } : row)))
          }
        } catch {
          failure ??= 'ErrorCreatingProject'
        }
        if (failure !== undefined) {
          const message = failure
          setTemporary((rows) => rows.filter((row) => row.tmpFileId !== tmpFileId))
          setFailures((list) => [...list, { name: file.name, message }])
        } else sent++
      }
      setUploading(false)
      // Issue 19: announced (a live region), as the page without JavaScript says it after its redirect.
      if (sent > 0) setAnnounced({ count: sent, at: Date.now() })
    },
    [queue, limits],
  )

  /** Drops the temporary rows the list now accounts for: loaded (server time) after their project was created. */
  const settle = useCallback((loadedAt: number) => {
    setTemporary((rows) => {
      const left = rows.filter((row) => row.createdAt === undefined || row.createdAt >= loadedAt)
      return left.length === rows.length ? rows : left
    })
  }, [])

  return { queue, add, remove, start, settle, temporary, failures, uploading, announced }
}

export type UploadQueue = ReturnType<typeof useUploadQueue>

import { describe, expect, it } from 'vitest'
import { MalformedUpload, partText, readMultipart } from './multipart.server'

function multipartRequest(parts: string[]): Request {
  const boundary = '----tulks-test'
  const body = parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('') + `--${boundary}--\r\n`
  return new Request('http://localhost/upload', {
    method: 'POST',
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body: new TextEncoder().encode(body),
  })
}

describe('readMultipart', () => {
  it('reads a file name and a field sent as UTF-8, as browsers send them', async () => {
    const request = multipartRequest([
      'Content-Disposition: form-data; name="source"\r\n\r\nlatviešu',
      'Content-Disposition: form-data; name="files[]"; filename="attēls — ёж.txt"\r\nContent-Type: text/plain\r\n\r\nTeksts.',
    ])
    const names: string[] = []
    const values = await readMultipart(request, async (part) => {
      names.push(part.filename ?? '')
      return partText(part.data)
    })
    expect(names).toEqual(['attēls — ёж.txt'])
    expect(values.get('source')).toEqual(['latviešu'])
    expect(values.get('files[]')).toEqual(['Teksts.'])
  })

  it('refuses a body that is not multipart', async () => {
    const request = new Request('http://localhost/upload', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' })
    await expect(readMultipart(request, async () => '')).rejects.toBeInstanceOf(MalformedUpload)
  })
})

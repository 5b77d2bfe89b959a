import { unzipSync } from 'fflate'
import { Parser } from 'htmlparser2'

/**
 * The raw parse floor per format: the least work any importer must do before it can look at the text —
 * decode and split for text, one htmlparser2 pass for HTML and XML, unzip plus one XML pass over the main
 * part for DOCX. No units, no tags, no segmentation. Each returns a count so the work cannot be skipped.
 */
export type ParseFloor = (bytes: Uint8Array) => number

const decode = (bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes)

export const textFloor: ParseFloor = (bytes) => decode(bytes).split(/\r\n|\n|\r/).length

function parserPass(text: string, xmlMode: boolean): number {
  let events = 0
  const parser = new Parser(
    {
      onopentag: () => void events++,
      ontext: () => void events++,
      onclosetag: () => void events++,
    },
    { xmlMode },
  )
  parser.end(text)
  return events
}

export const htmlFloor: ParseFloor = (bytes) => parserPass(decode(bytes), false)

export const xmlFloor: ParseFloor = (bytes) => parserPass(decode(bytes), true)

export const docxFloor: ParseFloor = (bytes) => {
  const entries = unzipSync(bytes)
  const main = entries['word/document.xml']
  if (!main) throw new Error('the generated DOCX has no word/document.xml')
  return parserPass(decode(main), true)
}

/** XLSX: unzip plus one XML pass over the shared strings, where a workbook's text is. */
export const xlsxFloor: ParseFloor = (bytes) => {
  const entries = unzipSync(bytes)
  const shared = entries['xl/sharedStrings.xml']
  if (!shared) throw new Error('the generated XLSX has no xl/sharedStrings.xml')
  return parserPass(decode(shared), true)
}

/** JSON: JSON.parse. */
export const jsonFloor: ParseFloor = (bytes) => Object.keys(JSON.parse(decode(bytes)) as object).length

/** PPTX: unzip plus one XML pass over every slide. */
export const pptxFloor: ParseFloor = (bytes) =>
  Object.entries(unzipSync(bytes))
    .filter(([name]) => name.startsWith('ppt/slides/slide'))
    .reduce((events, [, data]) => events + parserPass(decode(data), true), 0)

/** OpenDocument: unzip plus one XML pass over content.xml. */
export const odfFloor: ParseFloor = (bytes) => {
  const content = unzipSync(bytes)['content.xml']
  if (!content) throw new Error('the generated document has no content.xml')
  return parserPass(decode(content), true)
}

import fs from 'node:fs'
import { zipSync } from 'fflate'

/**
 * The benchmark's documents: the same paragraphs written as plain text, HTML, DOCX, XLIFF 1.2 and XLIFF 2.0.
 * Paragraphs are the NTREX-128 English news lines (one sentence each, mostly), repeated with a counter
 * prefix so no copy is an exact repetition, and with the inline formatting real documents carry (a bold word,
 * an italic word, a link) so the filters build tags, not just text.
 */
export const NTREX_ENGLISH = new URL('../../../shared/samples/parallel/en-lv-ru/ntrex128.newstest2019.en.txt', import.meta.url)

type Style = 'bold' | 'italic' | 'link'

interface Span {
  text: string
  style?: Style
}

export type Paragraph = Span[]

export function readSourceLines(file: URL = NTREX_ENGLISH): string[] {
  return fs
    .readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
}

/** `count` paragraphs cycling through `lines`; copy k ≥ 1 of a line starts with "(k) ". */
export function buildParagraphs(lines: readonly string[], count: number): Paragraph[] {
  return Array.from({ length: count }, (_, index) => {
    const copy = Math.floor(index / lines.length)
    const line = lines[index % lines.length] ?? ''
    return styleOneWord(copy === 0 ? line : `(${copy}) ${line}`, index)
  })
}

/** Every third paragraph gets a bold word, every fifth an italic one, every seventh a link (at most one). */
function styleOneWord(text: string, index: number): Paragraph {
  const style: Style | undefined = index % 3 === 1 ? 'bold' : index % 5 === 2 ? 'italic' : index % 7 === 3 ? 'link' : undefined
  const words = text.split(' ')
  if (!style || words.length < 4) return [{ text }]
  return [
    { text: `${words.slice(0, 2).join(' ')} ` },
    { text: words[2] ?? '', style },
    { text: ` ${words.slice(3).join(' ')}` },
  ]
}

function plain(paragraph: Paragraph): string {
  return paragraph.map((span) => span.text).join('')
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&quot;'))
}

const LINK = 'https://example.org/news'

// --- plain text ---------------------------------------------------------------------------------------------

/**
 * One paragraph per line with a blank line between: Tulks reads lines, txt2po reads blank-line blocks, so both
 * see the same 10,000 units.
 */
export function textDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  return new TextEncoder().encode(`${paragraphs.map(plain).join('\n\n')}\n`)
}

// --- HTML ---------------------------------------------------------------------------------------------------

const HTML_TAG: Record<Style, [string, string]> = { bold: ['<b>', '</b>'], italic: ['<i>', '</i>'], link: [`<a href="${LINK}">`, '</a>'] }

export function htmlDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const body = paragraphs
    .map((paragraph) => {
      const inner = paragraph.map(({ text, style }) => (style ? `${HTML_TAG[style][0]}${escapeXml(text)}${HTML_TAG[style][1]}` : escapeXml(text)))
      return `<p>${inner.join('')}</p>`
    })
    .join('\n')
  const page = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>NTREX news</title>
</head>
<body>
<h1>NTREX news</h1>
${body}
</body>
</html>
`
  return new TextEncoder().encode(page)
}

// --- DOCX ---------------------------------------------------------------------------------------------------

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const LINK_RELATIONSHIP = 'rIdLink'

function rsid(index: number): string {
  return (0x00a10000 + (index % 4096)).toString(16).toUpperCase().padStart(8, '0')
}

function run(text: string, properties: string, revision: string): string {
  return `<w:r w:rsidR="${revision}">${properties ? `<w:rPr>${properties}</w:rPr>` : ''}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`
}

/**
 * Word's habits, so the filter's noise merging has work to do: every paragraph and run carries revision ids,
 * plain text is often split into two runs that differ only in rsid, and spell-check marks sit between runs.
 */
function docxParagraph(paragraph: Paragraph, index: number): string {
  const runs = paragraph.map(({ text, style }, spanIndex) => {
    const revision = rsid(index + spanIndex)
    if (style === 'bold') return run(text, '<w:b/>', revision)
    if (style === 'italic') return run(text, '<w:i/>', revision)
    if (style === 'link') return `<w:hyperlink r:id="${LINK_RELATIONSHIP}" w:history="1">${run(text, '<w:rStyle w:val="Hyperlink"/>', revision)}</w:hyperlink>`
    const cut = text.indexOf(' ', Math.floor(text.length / 2))
    if (cut < 0) return run(text, '', revision)
    return `${run(text.slice(0, cut), '', revision)}<w:proofErr w:type="spellStart"/>${run(text.slice(cut), '', rsid(index + 7))}<w:proofErr w:type="spellEnd"/>`
  })
  return `<w:p w:rsidR="${rsid(index)}" w:rsidRDefault="${rsid(index)}"><w:pPr><w:spacing w:after="120"/></w:pPr>${runs.join('')}</w:p>`
}

export function docxDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}" xmlns:r="${R}"><w:body>${paragraphs.map(docxParagraph).join('')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`
  const encode = (text: string) => new TextEncoder().encode(text)
  return zipSync({
    '[Content_Types].xml': encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`),
    '_rels/.rels': encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`),
    'word/_rels/document.xml.rels': encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="${LINK_RELATIONSHIP}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="${LINK}" TargetMode="External"/></Relationships>`),
    'word/document.xml': encode(document),
  })
}

// --- XLIFF ----------------------------------------------------------------------------------------------------

export function xliff12Document(paragraphs: readonly Paragraph[]): Uint8Array {
  const units = paragraphs.map((paragraph, index) => {
    const inner = paragraph.map(({ text, style }, spanIndex) =>
      style ? `<g id="${spanIndex}" ctype="x-${style}">${escapeXml(text)}</g>` : escapeXml(text),
    )
    return `<trans-unit id="${index + 1}"><source>${inner.join('')}</source></trans-unit>`
  })
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
<file original="ntrex.txt" source-language="en" target-language="lv" datatype="plaintext">
<body>
${units.join('\n')}
</body>
</file>
</xliff>
`)
}

const XLIFF20_CODE_TYPE: Record<Style, string> = { bold: 'type="fmt" subType="xlf:b"', italic: 'type="fmt" subType="xlf:i"', link: 'type="link"' }

export function xliff20Document(paragraphs: readonly Paragraph[]): Uint8Array {
  const units = paragraphs.map((paragraph, index) => {
    const inner = paragraph.map(({ text, style }, spanIndex) =>
      style ? `<pc id="${spanIndex}" ${XLIFF20_CODE_TYPE[style]}>${escapeXml(text)}</pc>` : escapeXml(text),
    )
    return `<unit id="u${index + 1}"><segment><source>${inner.join('')}</source></segment></unit>`
  })
  return new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>
<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="lv">
<file id="f1">
${units.join('\n')}
</file>
</xliff>
`)
}

// --- issue 18: spreadsheets, software strings, subtitles ---------------------------------------------------------

const plainTextOf = (paragraph: Paragraph) => paragraph.map(({ text }) => text).join('')

/** One paragraph per row in column A of one sheet, as shared strings; styled spans as rich-text runs. */
export function xlsxDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
  const RUN_PROPERTIES: Record<Style, string> = { bold: '<rPr><b/></rPr>', italic: '<rPr><i/></rPr>', link: '<rPr><u/><color rgb="FF0563C1"/></rPr>' }
  const strings = paragraphs.map(
    (paragraph) => `<si>${paragraph.map(({ text, style }) => `<r>${style ? RUN_PROPERTIES[style] : ''}<t xml:space="preserve">${escapeXml(text)}</t></r>`).join('')}</si>`,
  )
  const rows = paragraphs.map((_, index) => `<row r="${index + 1}"><c r="A${index + 1}" t="s"><v>${index}</v></c><c r="B${index + 1}"><v>${index * 3}</v></c></row>`)
  const encode = (text: string) => new TextEncoder().encode(text)
  return zipSync({
    '[Content_Types].xml': encode(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    '_rels/.rels': encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${R}"><sheets><sheet name="News" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${R}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}"><sheetData>${rows.join('')}</sheetData></worksheet>`),
    'xl/sharedStrings.xml': encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">${strings.join('')}</sst>`,
    ),
  })
}

const poString = (text: string) => `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`

export function poDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const entries = paragraphs.map((paragraph, index) => `#: news.txt:${index + 1}\nmsgctxt "p${index + 1}"\nmsgid ${poString(plainTextOf(paragraph))}\nmsgstr ""\n`)
  return new TextEncoder().encode(`msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n${entries.join('\n')}`)
}

export function propertiesDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const escape = (text: string) => text.replace(/\\/g, '\\\\').replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return new TextEncoder().encode(paragraphs.map((paragraph, index) => `news.p${index + 1} = ${escape(plainTextOf(paragraph))}\n`).join(''))
}

export function jsonDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const news = Object.fromEntries(paragraphs.map((paragraph, index) => [`p${index + 1}`, plainTextOf(paragraph)]))
  return new TextEncoder().encode(`${JSON.stringify({ news }, null, 2)}\n`)
}

function cueTime(seconds: number, separator: ',' | '.'): string {
  const pad = (value: number, width = 2) => String(value).padStart(width, '0')
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}${separator}000`
}

export function srtDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const cues = paragraphs.map((paragraph, index) => `${index + 1}\n${cueTime(index * 3, ',')} --> ${cueTime(index * 3 + 2, ',')}\n${plainTextOf(paragraph)}\n`)
  return new TextEncoder().encode(cues.join('\n'))
}

export function vttDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const cues = paragraphs.map((paragraph, index) => `${cueTime(index * 3, '.')} --> ${cueTime(index * 3 + 2, '.')} align:center\n${escape(plainTextOf(paragraph))}\n`)
  return new TextEncoder().encode(`WEBVTT\n\n${cues.join('\n')}`)
}

/** One slide per 20 paragraphs, each paragraph a DrawingML paragraph of the slide's text box (styled spans as runs). */
export function pptxDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const A = 'http://schemas.openxmlformats.org/drawingml/2006/main'
  const P = 'http://schemas.openxmlformats.org/presentationml/2006/main'
  const RUN_PROPERTIES: Record<Style, string> = { bold: '<a:rPr lang="en-US" b="1" dirty="0"/>', italic: '<a:rPr lang="en-US" i="1" dirty="0"/>', link: '<a:rPr lang="en-US" u="sng" dirty="0"/>' }
  const paragraph = (spans: Paragraph) =>
    `<a:p>${spans.map(({ text, style }) => `<a:r>${style ? RUN_PROPERTIES[style] : '<a:rPr lang="en-US" dirty="0"/>'}<a:t>${escapeXml(text)}</a:t></a:r>`).join('')}<a:endParaRPr lang="en-US"/></a:p>`
  const encode = (text: string) => new TextEncoder().encode(text)
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': encode(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>',
    ),
    'ppt/presentation.xml': encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:presentation xmlns:p="${P}"/>`),
  }
  for (let start = 0, slide = 1; start < paragraphs.length; start += 20, slide++) {
    const body = paragraphs.slice(start, start + 20).map(paragraph).join('')
    files[`ppt/slides/slide${slide}.xml`] = encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<p:sld xmlns:a="${A}" xmlns:p="${P}"><p:cSld><p:spTree><p:sp><p:txBody><a:bodyPr/><a:lstStyle/>${body}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`,
    )
  }
  return zipSync(files)
}

/** An ODT of one paragraph per paragraph (styled spans as `text:span`, links as `text:a`). */
export function odtDocument(paragraphs: readonly Paragraph[]): Uint8Array {
  const SPAN: Record<Style, [string, string]> = {
    bold: ['<text:span text:style-name="Bold">', '</text:span>'],
    italic: ['<text:span text:style-name="Italic">', '</text:span>'],
    link: [`<text:a xlink:type="simple" xlink:href="${LINK}">`, '</text:a>'],
  }
  const body = paragraphs
    .map((paragraph) => `<text:p text:style-name="Standard">${paragraph.map(({ text, style }) => (style ? `${SPAN[style][0]}${escapeXml(text)}${SPAN[style][1]}` : escapeXml(text))).join('')}</text:p>`)
    .join('')
  const encode = (text: string) => new TextEncoder().encode(text)
  return zipSync({
    mimetype: [encode('application/vnd.oasis.opendocument.text'), { level: 0 }],
    'content.xml': encode(
      `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.2"><office:body><office:text>${body}</office:text></office:body></office:document-content>`,
    ),
    'META-INF/manifest.xml': encode(
      '<?xml version="1.0" encoding="UTF-8"?>\n<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    ),
  })
}

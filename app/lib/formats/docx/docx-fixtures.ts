import { zipSync } from 'fflate'

/** Minimal, valid DOCX packages built in tests: only what Word and LibreOffice need to open them. */

const NAMESPACES = [
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"',
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"',
  'xmlns:v="urn:schemas-microsoft-com:vml"',
  'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"',
  'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"',
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"',
  'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"',
  'mc:Ignorable="wps"',
].join(' ')

const DOCUMENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml'
const RELATIONSHIP_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

export interface FixtureParts {
  /** The content of `w:body`. */
  body: string
  /** `w:footnote` elements (ids from 1; the separators are added). */
  footnotes?: string
  /** The content of `w:hdr`; referenced from the section properties. */
  header?: string
  /** Extra relationships of the main part, e.g. hyperlink targets: `<Relationship …/>`. */
  relationships?: string
}

export function buildDocx(parts: FixtureParts): Uint8Array {
  const encoder = new TextEncoder()
  const xml = (text: string) => encoder.encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`)
  const overrides = [
    `<Override PartName="/word/document.xml" ContentType="${DOCUMENT_TYPE}.document.main+xml"/>`,
    parts.footnotes && `<Override PartName="/word/footnotes.xml" ContentType="${DOCUMENT_TYPE}.footnotes+xml"/>`,
    parts.header && `<Override PartName="/word/header1.xml" ContentType="${DOCUMENT_TYPE}.header+xml"/>`,
  ]
  const relationships = [
    parts.footnotes && `<Relationship Id="rIdFootnotes" Type="${RELATIONSHIP_TYPE}/footnotes" Target="footnotes.xml"/>`,
    parts.header && `<Relationship Id="rIdHeader" Type="${RELATIONSHIP_TYPE}/header" Target="header1.xml"/>`,
    parts.relationships,
  ]
  const section = `<w:sectPr>${parts.header ? '<w:headerReference w:type="default" r:id="rIdHeader"/>' : ''}<w:pgSz w:w="11906" w:h="16838"/></w:sectPr>`
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`,
    ),
    '_rels/.rels': xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIP_TYPE}/officeDocument" Target="word/document.xml"/></Relationships>`,
    ),
    'word/_rels/document.xml.rels': xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${relationships.join('')}</Relationships>`),
    'word/document.xml': xml(`<w:document ${NAMESPACES}><w:body>${parts.body}${section}</w:body></w:document>`),
  }
  if (parts.footnotes) {
    files['word/footnotes.xml'] = xml(
      `<w:footnotes ${NAMESPACES}><w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote><w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>${parts.footnotes}</w:footnotes>`,
    )
  }
  if (parts.header) files['word/header1.xml'] = xml(`<w:hdr ${NAMESPACES}>${parts.header}</w:hdr>`)
  return zipSync(files)
}

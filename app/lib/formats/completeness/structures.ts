import fs from 'node:fs'
import path from 'node:path'
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate'
import { buildDocx } from '../docx/docx-fixtures'

/**
 * Issue 57: files built for each structure a format allows — elements nested in elements, text boxes, tables in
 * tables, footnotes in tables, fields, tracked changes, structure (tagged) elements, comments, charts, hidden sheets —
 * for the completeness check (roundtrip.test.ts checks the samples other tools wrote; these reach what they lack).
 * Each names the texts that must become units (`texts`), so a reader of the check that finds nothing cannot pass.
 */
export interface BuiltFile {
  format: string
  name: string
  bytes: Uint8Array
  texts: string[]
  /** What the filter must report as kept, as completeness() names it. */
  kept?: string[]
}

const samples = path.resolve(import.meta.dirname, '../../../../../shared/samples')
const xml = (text: string) => strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`)

// --- DOCX ---------------------------------------------------------------------------------------------------------

const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`
const paragraph = (...content: string[]) => `<w:p>${content.join('')}</w:p>`
const cell = (...content: string[]) => `<w:tc><w:tcPr><w:tcW w:w="2000" w:type="dxa"/></w:tcPr>${content.join('')}</w:tc>`
const table = (...cells: string[]) => `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="2000"/></w:tblGrid><w:tr>${cells.join('')}</w:tr></w:tbl>`
const textBox = (text: string) =>
  `<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor distT="0" distB="0" distL="0" distR="0" simplePos="0" relativeHeight="1" behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/><wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH><wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV><wp:extent cx="1828800" cy="457200"/><wp:wrapNone/><wp:docPr id="1" name="Box"/><a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><wps:wsp><wps:spPr><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr><wps:txbx><w:txbxContent>${paragraph(run(text))}</w:txbxContent></wps:txbx><wps:bodyPr/></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:rect style="width:144pt;height:36pt"><v:textbox><w:txbxContent>${paragraph(run(text))}</w:txbxContent></v:textbox></v:rect></w:pict></mc:Fallback></mc:AlternateContent></w:r>`

function docx(): BuiltFile {
  const body = [
    paragraph(run('A plain paragraph of the body.')),
    // Tables in tables, and a footnote referenced from a cell.
    table(cell(paragraph(run('Outer cell text.')), table(cell(paragraph(run('Inner cell text.'))))), cell(paragraph(run('Cell with a note'), '<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>'))),
    paragraph(run('A paragraph anchoring a box.'), textBox('Text box text.')),
    // Content controls and custom XML, around paragraphs and inside them.
    `<w:sdt><w:sdtPr><w:alias w:val="Block"/></w:sdtPr><w:sdtContent>${paragraph(run('Block content control text.'))}</w:sdtContent></w:sdt>`,
    paragraph(run('Before '), `<w:sdt><w:sdtPr><w:alias w:val="Inline"/></w:sdtPr><w:sdtContent>${run('inline control text')}</w:sdtContent></w:sdt>`, run(' after.')),
    `<w:customXml w:element="section">${paragraph(run('Custom XML block text.'))}</w:customXml>`,
    paragraph(run('Tagged '), `<w:customXml w:element="term">${run('custom inline')}</w:customXml>`, run(' and '), `<w:smartTag w:element="place">${run('Riga')}</w:smartTag>`, run('.')),
    // Fields: a complex one with its result, a simple one, a hyperlink inside an inserted run.
    paragraph(
      run('Page '),
      '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> REF mark \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>',
      run('the field result'),
      '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
      '<w:fldSimple w:instr=" TITLE "><w:r><w:t>Simple field result</w:t></w:r></w:fldSimple>',
    ),
    // Tracked changes: what was inserted and moved to is text, what was deleted and moved from is not.
    paragraph(
      run('Tracked: '),
      `<w:ins w:id="1" w:author="A" w:date="2026-01-01T00:00:00Z">${run('inserted words ')}<w:hyperlink w:anchor="x">${run('an inserted link')}</w:hyperlink></w:ins>`,
      '<w:del w:id="2" w:author="A" w:date="2026-01-01T00:00:00Z"><w:r><w:delText>DELETEDWORDS</w:delText></w:r></w:del>',
      `<w:moveTo w:id="3" w:author="A" w:date="2026-01-01T00:00:00Z">${run(' moved here')}</w:moveTo>`,
      `<w:moveFrom w:id="4" w:author="A" w:date="2026-01-01T00:00:00Z">${run('MOVEDAWAY')}</w:moveFrom>`,
    ),
  ].join('')
  const built = unzipSync(
    buildDocx({
      body,
      footnotes: `<w:footnote w:id="1">${paragraph(run('The note in a table.'))}</w:footnote>`,
      header: paragraph(run('Header with '), textBox('Header box text.')),
    }),
  )
  const w = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
  const a = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
  const c = 'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"'
  built['word/comments.xml'] = xml(`<w:comments ${w}><w:comment w:id="0" w:author="R">${paragraph(run('A reviewer remark.'))}</w:comment></w:comments>`)
  built['word/charts/chart1.xml'] = xml(chartXml(c, a))
  built['word/diagrams/data1.xml'] = xml(`<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" ${a}><dgm:ptLst><dgm:pt modelId="1"><dgm:t><a:bodyPr/><a:p><a:r><a:t>SmartArt step</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`)
  return {
    format: 'docx',
    name: 'structures.docx',
    bytes: zipSync(built),
    texts: [
      'A plain paragraph of the body.',
      'Outer cell text.',
      'Inner cell text.',
      'Cell with a note',
      'The note in a table.',
      'Text box text.',
      'Block content control text.',
      'inline control text',
      'Custom XML block text.',
      'custom inline',
      'Riga',
      'the field result',
      'Simple field result',
      'inserted words',
      'an inserted link',
      'moved here',
      'Header box text.',
    ],
    kept: ['comment', 'chart', 'SmartArt'],
  }
}

function chartXml(c: string, a: string): string {
  return `<c:chartSpace ${c} ${a}><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Sales by year</a:t></a:r></a:p></c:rich></c:tx></c:title><c:plotArea><c:barChart><c:ser><c:tx><c:strRef><c:f>Sheet1!$B$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>Revenue</c:v></c:pt></c:strCache></c:strRef></c:tx></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>`
}

// --- OpenDocument -------------------------------------------------------------------------------------------------

const ODF_NAMESPACES = [
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'xmlns:xlink="http://www.w3.org/1999/xlink"',
  'xmlns:dc="http://purl.org/dc/elements/1.1/"',
  'xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0"',
  'office:version="1.3"',
].join(' ')

function odt(): BuiltFile {
  const odfTable = (...cells: string[]) => `<table:table table:name="T"><table:table-column/><table:table-row>${cells.map((each) => `<table:table-cell office:value-type="string">${each}</table:table-cell>`).join('')}</table:table-row></table:table>`
  const content = `<office:document-content ${ODF_NAMESPACES}><office:body><office:text>
    <text:tracked-changes><text:changed-region text:id="c1"><text:deletion><office:change-info><dc:creator>A</dc:creator></office:change-info><text:p>DELETEDWORDS</text:p></text:deletion></text:changed-region></text:tracked-changes>
    <text:h text:outline-level="1">A heading</text:h>
    <text:section text:name="S"><text:p>Section text with <text:span>a span <text:span>nested in a span</text:span></text:span> and <text:a xlink:href="https://example.com">a link</text:a>.</text:p></text:section>
    <text:p>Structured <text:meta xml:id="m1">metadata text</text:meta> here.<text:change text:change-id="c1"/></text:p>
    ${odfTable(`<text:p>Outer cell text.</text:p>${odfTable('<text:p>Inner cell text.</text:p>')}`, '<text:p>Cell with a note<text:note text:id="n1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>The note in a table.</text:p></text:note-body></text:note></text:p>')}
    <text:p>A frame: <draw:frame draw:name="F" svg:width="4cm" svg:height="1cm"><draw:text-box><text:p>Text box text.</text:p></draw:text-box></draw:frame></text:p>
    <text:list><text:list-item><text:p>Outer item</text:p><text:list><text:list-item><text:p>Nested item</text:p></text:list-item></text:list></text:list-item></text:list>
    <text:p>Today is <text:date>2026-12-05</text:date>.<office:annotation><dc:creator>R</dc:creator><text:p>A reviewer remark.</text:p></office:annotation></text:p>
  </office:text></office:body></office:document-content>`
  const styles = `<office:document-styles ${ODF_NAMESPACES}><office:master-styles><style:master-page style:name="Standard"><style:header><text:p>Running header text</text:p></style:header><style:footer><text:p>Page <text:page-number>1</text:page-number> footer</text:p></style:footer></style:master-page></office:master-styles></office:document-styles>`
  const chart = `<office:document-content ${ODF_NAMESPACES}><office:body><office:chart><chart:chart><chart:title><text:p>Sales by year</text:p></chart:title></chart:chart></office:chart></office:body></office:document-content>`
  const type = 'application/vnd.oasis.opendocument.text'
  const files: Zippable = {
    mimetype: [strToU8(type), { level: 0 }],
    'META-INF/manifest.xml': xml(
      `<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${type}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/><manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ),
    'content.xml': xml(content),
    'styles.xml': xml(styles),
    'Object 1/content.xml': xml(chart),
  }
  return {
    format: 'odt',
    name: 'structures.odt',
    bytes: zipSync(files),
    texts: ['A heading', 'nested in a span', 'a link', 'metadata text', 'Outer cell text.', 'Inner cell text.', 'The note in a table.', 'Text box text.', 'Nested item', 'Running header text', 'footer'],
    kept: ['comment', 'chart'],
  }
}

// --- IDML -----------------------------------------------------------------------------------------------------------

function idml(): BuiltFile {
  const entries = unzipSync(new Uint8Array(fs.readFileSync(path.join(samples, 'formats/idml/okapi_helloworld-1.idml'))))
  const name = Object.keys(entries).find((entry) => entry.startsWith('Stories/'))!
  const story = new TextDecoder().decode(entries[name])
  const csr = (...content: string[]) => `<CharacterStyleRange AppliedCharacterStyle="CharacterStyle/$ID/[No character style]">${content.join('')}</CharacterStyleRange>`
  const text = (value: string) => `<Content>${value}</Content>`
  const psr = (...content: string[]) => `<ParagraphStyleRange AppliedParagraphStyle="ParagraphStyle/$ID/NormalParagraphStyle">${content.join('')}</ParagraphStyleRange>`
  const cellOf = (self: string, ...content: string[]) => `<Cell Self="${self}" Name="0:0" RowSpan="1" ColumnSpan="1">${content.join('')}</Cell>`
  const tableOf = (self: string, ...cells: string[]) => `<Table Self="${self}" HeaderRowCount="0" FooterRowCount="0" BodyRowCount="1" ColumnCount="${cells.length}"><Row Self="${self}r" Name="0"/><Column Self="${self}c" Name="0"/>${cells.join('')}</Table>`
  const body = [
    psr(csr(text('A plain paragraph.'), '<Br/>')),
    // A tagged story: structure elements around ranges and inside them, at any depth.
    psr(`<XMLElement Self="x1" MarkupTag="XMLTag/article">${csr(text('Tagged body text.'))}<XMLElement Self="x2" MarkupTag="XMLTag/quote">${csr(text('A nested quote.'))}</XMLElement></XMLElement>`),
    psr(csr(text('Linked: '), '<HyperlinkTextSource Self="h1" Name="Link" Hidden="false"><Content>the link text</Content></HyperlinkTextSource>', text(' and '), `<XMLElement Self="x3" MarkupTag="XMLTag/term">${text('an inline tag')}</XMLElement>`, '<Br/>')),
    // Tracked changes: inserted text is the story's, deleted text is not.
    psr(csr(text('Tracked: '), `<Change Self="c1" ChangeType="InsertedText">${text('inserted words')}</Change>`, `<Change Self="c2" ChangeType="DeletedText">${text('DELETEDWORDS')}</Change>`, '<Br/>')),
    // A table in a table, and a footnote in a cell.
    psr(csr(tableOf('t1', cellOf('t1i0', psr(csr(text('Outer cell text.')))), cellOf('t1i1', psr(csr(tableOf('t2', cellOf('t2i0', psr(csr(text('Inner cell text.'))))))))))),
    psr(csr(tableOf('t3', cellOf('t3i0', psr(csr(text('Cell with a note'), `<Footnote Self="f1">${psr(csr(text('The note in a table.')))}</Footnote>`)))))),
  ].join('')
  entries[name] = strToU8(story.replace(/<ParagraphStyleRange[\s\S]*<\/ParagraphStyleRange>/, body))
  return {
    format: 'idml',
    name: 'structures.idml',
    bytes: zipSync(entries),
    texts: ['A plain paragraph.', 'Tagged body text.', 'A nested quote.', 'the link text', 'an inline tag', 'inserted words', 'Outer cell text.', 'Inner cell text.', 'The note in a table.'],
  }
}

// --- PPTX and XLSX --------------------------------------------------------------------------------------------------

const A = 'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
const P = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"'
const R = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
const C = 'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart"'
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'

function pptx(): BuiltFile {
  const shape = (id: number, ...paragraphs: string[]) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="S${id}"/><p:cNvSpPr/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${paragraphs.map((each) => `<a:p>${each}</a:p>`).join('')}</p:txBody></p:sp>`
  const r = (text: string) => `<a:r><a:t>${text}</a:t></a:r>`
  const group = (id: number, ...content: string[]) => `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="${id}" name="G${id}"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${content.join('')}</p:grpSp>`
  const tableFrame = `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="9" name="T"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tr h="0"><a:tc><a:txBody><a:bodyPr/><a:p>${r('Table cell text.')}</a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`
  const slide = `<p:sld ${A} ${P} ${R}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, r('Title of the slide'))}${group(3, shape(4, r('Grouped shape text.')), group(5, shape(6, r('Group in a group text.'))))}${tableFrame}${shape(7, `${r('Slide ')}<a:fld id="{1}" type="slidenum"><a:t>7</a:t></a:fld>${r(' of many')}`, `<a:hlinkClick r:id=""/>${r('A second paragraph.')}`)}</p:spTree></p:cSld></p:sld>`
  const notes = `<p:notes ${A} ${P}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${shape(2, r('Speaker notes text.'))}</p:spTree></p:cSld></p:notes>`
  const files: Zippable = {
    '[Content_Types].xml': xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/><Override PartName="/ppt/slides/slide1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/></Types>`,
    ),
    '_rels/.rels': xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`),
    'ppt/presentation.xml': xml(`<p:presentation ${A} ${P} ${R}><p:sldIdLst><p:sldId id="256" r:id="rId2"/></p:sldIdLst></p:presentation>`),
    'ppt/slides/slide1.xml': xml(slide),
    'ppt/notesSlides/notesSlide1.xml': xml(notes),
    'ppt/comments/comment1.xml': xml(`<p:cmLst ${P}><p:cm authorId="0" idx="1"><p:pos x="0" y="0"/><p:text>A reviewer remark.</p:text></p:cm></p:cmLst>`),
    'ppt/charts/chart1.xml': xml(chartXml(C, A)),
    'ppt/diagrams/data1.xml': xml(`<dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" ${A}><dgm:ptLst><dgm:pt modelId="1"><dgm:t><a:bodyPr/><a:p><a:r><a:t>SmartArt step</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`),
  }
  return {
    format: 'pptx',
    name: 'structures.pptx',
    bytes: zipSync(files),
    texts: ['Title of the slide', 'Grouped shape text.', 'Group in a group text.', 'Table cell text.', 'of many', 'A second paragraph.', 'Speaker notes text.'],
    kept: ['comment', 'chart', 'SmartArt'],
  }
}

function xlsx(): BuiltFile {
  const S = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'
  const sheet = (rows: string) => xml(`<worksheet ${S} ${R}><sheetData>${rows}</sheetData></worksheet>`)
  const files: Zippable = {
    '[Content_Types].xml': xml(
      `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    ),
    '_rels/.rels': xml(`<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': xml(`<workbook ${S} ${R}><sheets><sheet name="Visible" sheetId="1" r:id="rId1"/><sheet name="Prices" sheetId="2" state="hidden" r:id="rId2"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': xml(
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet2.xml"/><Relationship Id="rId3" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/sharedStrings.xml': xml(
      `<sst ${S} count="4" uniqueCount="4"><si><t>Plain shared text</t></si><si><r><t xml:space="preserve">Rich </t></r><r><rPr><b/></rPr><t>bold</t></r><r><t xml:space="preserve"> text</t></r></si><si><t>Only on the hidden sheet</t></si><si><t>On both sheets</t><rPh sb="0" eb="1"><t>PHONETIC</t></rPh></si></sst>`,
    ),
    'xl/worksheets/sheet1.xml': sheet(
      `<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="inlineStr"><is><t>Inline string text</t></is></c><c r="D1"><v>42</v></c><c r="E1" t="str"><f>A1&amp;"x"</f><v>FORMULARESULT</v></c><c r="F1" t="s"><v>3</v></c></row>`,
    ),
    'xl/worksheets/sheet2.xml': sheet(`<row r="1"><c r="A1" t="s"><v>2</v></c><c r="B1" t="s"><v>3</v></c></row>`),
    'xl/comments1.xml': xml(`<comments ${S}><authors><author>R</author></authors><commentList><comment ref="A1" authorId="0"><text><r><t>A reviewer remark.</t></r></text></comment></commentList></comments>`),
    'xl/drawings/drawing1.xml': xml(
      `<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ${A}><xdr:twoCellAnchor><xdr:sp><xdr:txBody><a:bodyPr/><a:p><a:r><a:t>Text in a drawn box</a:t></a:r></a:p></xdr:txBody></xdr:sp></xdr:twoCellAnchor></xdr:wsDr>`,
    ),
    'xl/charts/chart1.xml': xml(chartXml(C, A)),
  }
  return {
    format: 'xlsx',
    name: 'structures.xlsx',
    bytes: zipSync(files),
    texts: ['Plain shared text', 'Rich bold text', 'Inline string text', 'On both sheets'],
    kept: ['hidden sheet Prices', 'comment', 'drawing', 'chart'],
  }
}

// --- XLIFF and HTML -------------------------------------------------------------------------------------------------

function xliff12(): BuiltFile {
  const file = `<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="f" source-language="en" target-language="lv" datatype="plaintext"><body>
    <group id="g1"><trans-unit id="1"><source>Outer <g id="1">grouped <g id="2">nested deeper</g></g> text<ph id="3">&lt;img alt="<sub>Alt in a sub</sub>"&gt;</ph>.</source></trans-unit></group>
    <group id="g2" translate="no"><trans-unit id="2"><source>NOTTRANSLATED</source></trans-unit><trans-unit id="3" translate="yes"><source>Turned back on</source></trans-unit></group>
    <trans-unit id="4"><source>First sentence. Second <g id="1">sentence</g>.</source><seg-source><mrk mid="0" mtype="seg">First sentence.</mrk> <mrk mid="1" mtype="seg">Second <g id="1">sentence</g>.</mrk></seg-source><target><mrk mid="0" mtype="seg">Pirmais teikums.</mrk> <mrk mid="1" mtype="seg">Otrais <g id="1">teikums</g>.</mrk></target><alt-trans><target>ALTERNATIVE</target></alt-trans><note>A NOTE</note></trans-unit>
    <trans-unit id="5"><source>With <mrk mtype="protected">a marked <g id="1">term</g></mrk> inside</source></trans-unit>
  </body></file></xliff>`
  return { format: 'xliff12', name: 'structures.xlf', bytes: strToU8(file), texts: ['nested deeper', 'Turned back on', 'Second sentence.', 'Otrais teikums.', 'a marked term', 'Alt in a sub'] }
}

function xliff20(): BuiltFile {
  const file = `<xliff version="2.0" xmlns="urn:oasis:names:tc:xliff:document:2.0" srcLang="en" trgLang="lv"><file id="f">
    <group id="g1"><unit id="1"><segment><source>Outer <pc id="1">paired <pc id="2">nested deeper</pc></pc> with <mrk id="m1" translate="no">a kept term</mrk>.</source></segment><ignorable><source> </source></ignorable><segment><source>Second segment.</source><target>Otrais segments.</target></segment></unit></group>
    <group id="g2" translate="no"><unit id="2"><segment><source>NOTTRANSLATED</source></segment></unit><unit id="3" translate="yes"><segment><source>Turned back on</source></segment></unit></group>
  </file></xliff>`
  return { format: 'xliff20', name: 'structures-20.xlf', bytes: strToU8(file), texts: ['nested deeper', 'a kept term', 'Second segment.', 'Otrais segments.', 'Turned back on'] }
}

function html(): BuiltFile {
  const page = `<!DOCTYPE html><html lang="en"><head><title>Page title</title><meta name="description" content="Page description"><style>.x{}</style></head><body>
    <div>Div text <span>in a <b>nested <i>inline</i></b> run</span><ul><li>List item</li></ul> after the list</div>
    <table><tr><td>Outer cell<table><tr><td>Inner cell</td></tr></table></td></tr></table>
    <p>An image <img src="x.png" alt="Image alternative"> and <a href="#" title="Link title">a link</a>.</p>
    <form><input type="submit" value="Send it"><input placeholder="Type here"><textarea>KEPTTEXTAREA</textarea></form>
    <p translate="no">NOTTRANSLATED</p><script>var kept = "SCRIPTTEXT"</script>
  </body></html>`
  return { format: 'html', name: 'structures.html', bytes: strToU8(page), texts: ['Page title', 'Page description', 'nested inline', 'after the list', 'Inner cell', 'Image alternative', 'Link title', 'Send it', 'Type here'] }
}

export function builtFiles(): BuiltFile[] {
  return [docx(), odt(), idml(), pptx(), xlsx(), xliff12(), xliff20(), html()]
}

import fs from 'node:fs'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { deleteAllFiles, expect, expectNoAxeViolations, fillTarget, signIn, test } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Issue 18: the software-string, Markdown and subtitle formats, uploaded together, each opened, its first segment translated
 * and confirmed, and the translation downloaded in its own format — with JavaScript on and off.
 */
const files: { name: string; text: string; segments: number; expected: (translated: string) => boolean }[] = [
  {
    name: 'strings.po',
    text: 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Open the file."\nmsgstr ""\n\nmsgid "One file"\nmsgid_plural "Many files"\nmsgstr[0] ""\nmsgstr[1] ""\n',
    // Latvian has three plural forms: the plural entry gives three segments.
    segments: 4,
    // The untranslated plural entry stays untranslated (its forms are written, with the header's Plural-Forms, once
    // translated: app/lib/formats/resource-formats.test.ts).
    expected: (translated) =>
      translated.includes('msgid "Open the file."\nmsgstr "Atveriet datni."') &&
      translated.endsWith('msgid_plural "Many files"\nmsgstr[0] ""\nmsgstr[1] ""\n'),
  },
  {
    name: 'messages.properties',
    text: '# Menu\ngreeting = Open the file.\n',
    segments: 1,
    expected: (translated) => translated === '# Menu\ngreeting = Atveriet datni.\n',
  },
  {
    name: 'locale.json',
    text: '{\n  "menu": { "open": "Open the file.", "count": 2 }\n}\n',
    segments: 1,
    expected: (translated) => JSON.stringify(JSON.parse(translated)) === '{"menu":{"open":"Atveriet datni.","count":2}}',
  },
  {
    name: 'strings.xml',
    text: '<?xml version="1.0" encoding="utf-8"?>\n<resources>\n    <string name="open">Open the file.</string>\n</resources>\n',
    segments: 1,
    expected: (translated) => translated.includes('<string name="open">Atveriet datni.</string>'),
  },
  {
    name: 'README.md',
    text: '# Open the file.\n\n```\nnpm start\n```\n',
    segments: 1,
    expected: (translated) => translated === '# Atveriet datni.\n\n```\nnpm start\n```\n',
  },
  {
    name: 'film.srt',
    text: '1\n00:00:01,000 --> 00:00:02,000\nOpen the file.\n',
    segments: 1,
    expected: (translated) => translated === '1\n00:00:01,000 --> 00:00:02,000\nAtveriet datni.\n',
  },
  {
    name: 'film.vtt',
    text: 'WEBVTT\n\n00:01.000 --> 00:02.000 align:start\nOpen the file.\n',
    segments: 1,
    expected: (translated) => translated === 'WEBVTT\n\n00:01.000 --> 00:02.000 align:start\nAtveriet datni.\n',
  },
]

test('PO, Android strings, .properties, JSON, Markdown, SRT and WebVTT: upload, translate, download', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signIn(page)
  await page
    .getByLabel('Izvēlieties datnes', { exact: true })
    .setInputFiles(files.map((file) => ({ name: file.name, mimeType: 'application/octet-stream', buffer: Buffer.from(file.text) })))
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  for (const file of files) {
    const row = page.getByRole('row', { name: new RegExp(file.name.replace('.', '\\.')) })
    await row.getByRole('link', { name: 'Tulkot' }).click({ timeout: 30_000 })
    await expect(page.getByRole('heading', { name: file.name, level: 1 })).toBeVisible()
    await expect(page.locator('.translator-footer')).toContainText(`no ${file.segments} segment`)
    if (file === files[0]) await expectNoAxeViolations(page, testInfo)
    await fillTarget(page, testInfo, 1, 'Atveriet datni.')
    await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
    await expect(page.getByRole('row', { name: /Open the file/ })).toContainText('Apstiprināts')
    await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Tulkojums' }).click()])
    const translated = fs.readFileSync((await download.path())!, 'utf8')
    expect(file.expected(translated), `${file.name}:\n${translated}`).toBe(true)
  }
})

test('XLSX: a real spreadsheet uploaded, a cell translated, the workbook downloaded with it', async ({ page }, testInfo) => {
  await signIn(page)
  const sample = path.resolve(import.meta.dirname, '../../shared/samples/office/xlsx/okapi_Formattings.xlsx')
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles([{ name: 'tabula.xlsx', mimeType: 'application/octet-stream', buffer: fs.readFileSync(sample) }])
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  const row = page.getByRole('row', { name: /tabula\.xlsx/ })
  await row.getByRole('link', { name: 'Tulkot' }).click({ timeout: 30_000 })
  await expect(page.locator('.translator-footer')).toContainText('no 4 segmentiem')
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Rediģēt 4. segmentu', exact: true }).click()
  await fillTarget(page, testInfo, 4, 'Šī ir saite')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /This is a hyperlink/ })).toContainText('Apstiprināts')
  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Tulkojums' }).click()])
  const parts = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)))
  const shared = new TextDecoder().decode(parts['xl/sharedStrings.xml'])
  expect(shared).toContain('<si><t xml:space="preserve">Šī ir saite</t></si>')
  expect(shared).toContain('<t>bold formatting</t>')
})

test('PPTX: a real presentation uploaded, its title translated, the slides downloaded with it', async ({ page }, testInfo) => {
  await signIn(page)
  const sample = path.resolve(import.meta.dirname, '../../shared/samples/office/pptx/okapi_Okapi-325.pptx')
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles([{ name: 'slaidi.pptx', mimeType: 'application/octet-stream', buffer: fs.readFileSync(sample) }])
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  const row = page.getByRole('row', { name: /slaidi\.pptx/ })
  await row.getByRole('link', { name: 'Tulkot' }).click({ timeout: 30_000 })
  await expect(page.locator('.translator-footer')).toContainText('no 4 segmentiem')
  await expectNoAxeViolations(page, testInfo)
  await fillTarget(page, testInfo, 1, 'Parauga prezentācija')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Sample Presentation/ })).toContainText('Apstiprināts')
  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Tulkojums' }).click()])
  const parts = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)))
  const slides = Object.entries(parts).filter(([name]) => name.startsWith('ppt/slides/slide')).map(([, data]) => new TextDecoder().decode(data)).join('')
  expect(slides).toContain('<a:t>Parauga prezentācija</a:t>')
  expect(slides).not.toContain('Sample Presentation')
})

test('OpenDocument text, spreadsheet and presentation, and IDML: upload, translate, download', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signIn(page)
  const samples = path.resolve(import.meta.dirname, '../../shared/samples')
  const documents = [
    { sample: 'office/odf/okapi_TestDocument01.odt', name: 'teksts.odt', first: 'Heading 1', translation: 'Virsraksts 1' },
    { sample: 'office/odf/okapi_TestSpreadsheet01.ods', name: 'tabula.ods', first: 'Text in cell A1', translation: 'Teksts šūnā A1' },
    { sample: 'office/odf/okapi_TestPresentation01.odp', name: 'slaidi.odp', first: 'Text of title slide 1', translation: 'Titulslaida teksts' },
    { sample: 'formats/idml/okapi_helloworld-1.idml', name: 'makets.idml', first: 'Hello World!', translation: 'Sveika, pasaule!' },
  ]
  await page
    .getByLabel('Izvēlieties datnes', { exact: true })
    .setInputFiles(documents.map(({ sample, name }) => ({ name, mimeType: 'application/octet-stream', buffer: fs.readFileSync(path.join(samples, sample)) })))
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  for (const document of documents) {
    const row = page.getByRole('row', { name: new RegExp(document.name.replace('.', '\\.')) })
    await row.getByRole('link', { name: 'Tulkot' }).click({ timeout: 30_000 })
    await expect(page.getByRole('row', { name: new RegExp(document.first) })).toBeVisible()
    if (document === documents[0]) await expectNoAxeViolations(page, testInfo)
    await fillTarget(page, testInfo, 1, document.translation)
    await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
    await expect(page.getByRole('row', { name: new RegExp(document.first) })).toContainText('Apstiprināts')
    await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Tulkojums' }).click()])
    const parts = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)))
    expect(new TextDecoder().decode(parts.mimetype)).toMatch(/^application\/vnd\.(oasis\.opendocument\.|adobe\.indesign-idml-package)/)
    const content = Object.entries(parts)
      .filter(([part]) => part === 'content.xml' || part.startsWith('Stories/'))
      .map(([, data]) => new TextDecoder().decode(data))
      .join('')
    // The translated paragraph's whole text (a generated table of contents may still list the old heading).
    expect(content, document.name).toContain(`>${document.translation}<`)
  }
})

test('a file that keeps texts as they are says so, once, in the file list and in the translator (issue 57)', async ({ page }, testInfo) => {
  await signIn(page)
  const text = '# Open the file.\n\n<div class="note">A note written in HTML.</div>\n\n![A cat on a mat](cat.png)\n'
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles([{ name: 'kept.md', mimeType: 'application/octet-stream', buffer: Buffer.from(text) }])
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  const row = page.getByRole('row', { name: /kept\.md/ })
  await expect(row.getByRole('link', { name: 'Tulkot' })).toBeVisible({ timeout: 30_000 })
  const note = '2 teksti paliek, kā ir (netiek tulkoti): 1 HTML bloks, 1 attēla apraksts.'
  await expect(row.getByRole('note')).toHaveText(note)
  await expectNoAxeViolations(page, testInfo)
  await row.getByRole('link', { name: 'Tulkot' }).click()
  await expect(page.getByRole('note')).toHaveText(note)
  await expect(page.locator('.translator-footer')).toContainText('no 1 segmenta')
})

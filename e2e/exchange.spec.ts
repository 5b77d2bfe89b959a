import fs from 'node:fs'
import { deleteAllFiles, expect, expectNoAxeViolations, fillTarget, signIn, test, uploadAndOpen } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Issue 18 bilingual exchange, with JavaScript on and off: a file exported from the list as XLIFF, translated "in another
 * CAT tool" (its target and state written into the exported file), imported back with a report, and its confirmed
 * segments exported as TMX.
 */
test('export a file as XLIFF, import it back translated, export its TMX', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signIn(page)
  const name = `exchange-${testInfo.project.name}.txt`
  await uploadAndOpen(page, testInfo, name, 'Open the window.\n\nClose the door.\n')
  await fillTarget(page, testInfo, 1, 'Atveriet logu.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Open the window/ })).toContainText('Apstiprināts')
  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()

  // Nothing ticked: the list says so.
  await page.getByRole('button', { name: 'Eksportēt', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Atlasiet vismaz vienu datni, ko eksportēt.')

  await page.getByRole('checkbox', { name: `Atlasīt ${name}` }).check()
  await expect(page.getByLabel('Eksportēt kā')).toHaveValue('zip')
  await page.getByLabel('Eksportēt kā').selectOption('xliff12')
  const [xliffDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksportēt', exact: true }).click()])
  expect(xliffDownload.suggestedFilename()).toBe(`${name}.xlf`)
  const xliff = fs.readFileSync((await xliffDownload.path())!, 'utf8')
  expect(xliff).toMatch(/<source>Open the window\.<\/source>\s*<target state="translated">Atveriet logu\.<\/target>/)

  // In the other tool: the second segment translated and confirmed.
  const translated = xliff.replace(/(<source>Close the door\.<\/source>)/, '$1<target state="translated">Aizveriet durvis.</target>')
  expect(translated).not.toBe(xliff)

  await page.getByRole('link', { name: 'Importēt iztulkotu XLIFF' }).click()
  await expect(page.getByRole('heading', { name: 'Divvalodu apmaiņa', level: 1 })).toBeVisible()
  await page.getByLabel('No Tulka eksportēta XLIFF datne').setInputFiles({ name: `${name}.xlf`, mimeType: 'application/xliff+xml', buffer: Buffer.from(translated) })
  await page.getByRole('button', { name: 'Importēt', exact: true }).click()
  // Applied in the background; the page refreshes itself (no JS) or revalidates (JS) until the report is there.
  const report = page.locator('.import-item').first()
  await expect(report).toContainText('Atjaunināts 1 tulkojums.', { timeout: 30_000 })
  await expect(report).toContainText('Nemainīts 1 segments.')
  await expectNoAxeViolations(page, testInfo)

  await report.getByRole('link', { name }).click()
  await expect(page.getByRole('row', { name: /Close the door/ })).toContainText('Apstiprināts')
  await expect(page.getByRole('row', { name: /Close the door/ })).toContainText('Aizveriet durvis.')

  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
  await page.getByRole('checkbox', { name: `Atlasīt ${name}` }).check()
  await page.getByLabel('Eksportēt kā').selectOption('tmx')
  const [tmxDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksportēt', exact: true }).click()])
  expect(tmxDownload.suggestedFilename()).toBe(`${name}.tmx`)
  const tmx = fs.readFileSync((await tmxDownload.path())!, 'utf8')
  expect(tmx.match(/<tu[ >]/g)).toHaveLength(2)
  expect(tmx).toContain('<seg>Aizveriet durvis.</seg>')
  await expectNoAxeViolations(page, testInfo)
})

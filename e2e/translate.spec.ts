import fs from 'node:fs'
import { deleteAllFiles, expect, expectNoAxeViolations, expectTarget, fillTarget, isNoJs, signIn, targetInput, targetOf, test } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * The translator screen's first slice (issue #4, in progress): open a file, translate and confirm a segment,
 * move on, have invalid tags refused with the previous text kept, download the translation.
 */
test('translate, confirm and download', async ({ page }, testInfo) => {
  await signIn(page)
  if (!isNoJs(testInfo)) await expect(page.locator('form[data-enhanced="true"]')).toHaveCount(1)
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles([
    { name: 'tulko.txt', mimeType: 'text/plain', buffer: Buffer.from('First sentence. Second sentence.\nThird line.\n') },
  ])
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  const row = page.getByRole('row', { name: /tulko\.txt/ })
  await row.getByRole('link', { name: 'Tulkot' }).click({ timeout: 30_000 })

  await expect(page.getByRole('heading', { name: 'tulko.txt', level: 1 })).toBeVisible()
  await expect(targetOf(page, 1)).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  await fillTarget(page, testInfo, 1, 'Pirmais teikums.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  // Confirm moves on to the next unconfirmed segment.
  await expect(targetInput(page, testInfo, 2)).toBeFocused()
  await expect(page.getByRole('row', { name: /First sentence/ })).toContainText('Apstiprināts')
  await expect(page.getByRole('row', { name: /First sentence/ })).toContainText('Pirmais teikums.')

  // Invalid tags are refused and the previous text stays. The editor (with JavaScript) cannot make a tag from
  // typed text: "<g1>" stays text there, and removing half a pair is refused in e2e/editor.spec.ts.
  await fillTarget(page, testInfo, 2, 'Otrais <g1>teikums.')
  await page.getByRole('button', { name: 'Saglabāt melnrakstu', exact: true }).click()
  if (isNoJs(testInfo)) {
    await expect(page.getByRole('alert')).toHaveText('Nepareizi tulkojuma tagi, atjaunots iepriekšējais teksts.')
    await expectTarget(page, testInfo, 2, '')
  } else {
    await expect(page.getByRole('status').filter({ hasText: '2. segments saglabāts.' })).toBeVisible()
    await expectTarget(page, testInfo, 2, 'Otrais <g1>teikums.')
  }

  await expect(page.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
  await expect(page.locator('.translator-footer')).toContainText('no 3 segmentiem')
  // One of three two-word segments confirmed: a third of the words.
  await expect(page.locator('.translator-footer')).toContainText(/Iztulkoti 33,33\s?% no 3 segmentiem/)
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('value', '33.33')

  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Tulkojums' }).click()])
  const second = isNoJs(testInfo) ? 'Second sentence.' : 'Otrais <g1>teikums.'
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(`Pirmais teikums. ${second}\nThird line.\n`)

  await row.getByRole('link', { name: 'Dzēst tulko.txt', exact: true }).click()
  await page.getByRole('button', { name: 'Dzēst', exact: true }).click()
  await expect(row).toHaveCount(0)
})

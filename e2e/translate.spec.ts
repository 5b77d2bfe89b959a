import fs from 'node:fs'
import { expect, expectNoAxeViolations, isNoJs, signIn, test } from './helpers'

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
  const first = page.getByLabel('1. segmenta tulkojums')
  await expect(first).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  await first.fill('Pirmais teikums.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  // Confirm moves on to the next unconfirmed segment.
  const second = page.getByLabel('2. segmenta tulkojums')
  await expect(second).toBeVisible()
  await expect(page.getByRole('row', { name: /First sentence/ })).toContainText('Apstiprināts')
  await expect(page.getByRole('row', { name: /First sentence/ })).toContainText('Pirmais teikums.')

  // Invalid tags are refused and the previous text stays.
  await second.fill('Otrais <g1>teikums.')
  await page.getByRole('button', { name: 'Saglabāt melnrakstu', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Nepareizi tulkojuma tagi, atjaunots iepriekšējais teksts.')
  await expect(page.getByLabel('2. segmenta tulkojums')).toHaveValue('')

  await expect(page.getByRole('progressbar', { name: 'Progress' })).toBeVisible()
  await expect(page.locator('.translator-footer')).toContainText('no 3 segmentiem')

  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Tulkojums' }).click()])
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('Pirmais teikums. Second sentence.\nThird line.\n')

  await row.getByRole('link', { name: 'Dzēst tulko.txt', exact: true }).click()
  await page.getByRole('button', { name: 'Dzēst', exact: true }).click()
  await expect(row).toHaveCount(0)
})

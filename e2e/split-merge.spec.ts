import fs from 'node:fs'
import { deleteAllFiles, expect, expectNoAxeViolations, isNoJs, rowAction, signIn, targetInput, targetOf, test } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Split and merge (issue "Ctrl+S split and Ctrl+J merge"): split segment 1 after a word, see its parts as
 * 1-1 and 1-2, merge them back, and download the very bytes that were uploaded. The buttons and the
 * "split after word" field are the same with and without JavaScript.
 */
test('split and merge then download still valid', async ({ page }, testInfo) => {
  const original = 'First sentence has five words. Second sentence.\nThird line.\n'
  await signIn(page)
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles([
    { name: 'dalit.txt', mimeType: 'text/plain', buffer: Buffer.from(original) },
  ])
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  const row = page.getByRole('row', { name: /dalit\.txt/ })
  await row.getByRole('link', { name: 'Tulkot' }).click({ timeout: 30_000 })
  await expect(targetOf(page, 1)).toBeVisible()

  await page.getByLabel('Sadalīt pēc vārda Nr.').fill('2')
  await page.getByRole('button', { name: 'Sadalīt', exact: true }).click()
  await expect(targetOf(page, '1-1')).toBeVisible()
  await expect(page.getByRole('row', { name: /^1-1 First sentence/ })).toBeVisible()
  await expect(page.getByRole('row', { name: /^Rediģēt 1-2\. segmentu has five words\./ })).toBeVisible()
  await expect(page.locator('.translator-footer')).toContainText('no 4 segmentiem')
  await expectNoAxeViolations(page, testInfo)

  // A refusal comes back as a message, and nothing changes.
  await page.getByRole('button', { name: 'Sadalīt', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Norādiet, pēc kura vārda sadalīt segmentu.')

  // Ctrl+J presses "merge" when JavaScript runs; without it, the button is pressed.
  if (isNoJs(testInfo)) await page.getByRole('button', { name: 'Apvienot ar nākamo', exact: true }).click()
  else await targetInput(page, testInfo, '1-1').press('Control+j')
  await expect(targetOf(page, 1)).toBeVisible()
  await expect(page.getByRole('row', { name: /^1 First sentence has five words\./ })).toBeVisible()
  await expect(page.locator('.translator-footer')).toContainText('no 3 segmentiem')

  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Tulkojums' }).click()])
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(original)

  await (await rowAction(row, 'Dzēst dalit.txt')).click()
  await page.getByRole('button', { name: 'Dzēst', exact: true }).click()
  await expect(row).toHaveCount(0)
})

import { deleteAllFiles, expect, expectNoAxeViolations, expectTarget, fillTarget, signIn, targetOf, test, uploadAndOpen } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Issue 5 items 6 and 7: a confirmed segment goes into the default memory; the same text uploaded again shows
 * its words in the 100% band on the file list and in the translator, and "all with 100% TM" fills it as
 * translated through the pretranslation wait — TM 101, as it stands between the same neighbours (issue 58).
 */
test('analysis bands and pretranslation from 100% TM matches', async ({ page }, testInfo) => {
  const text = 'Seven purple owls guard the quiet harbour. Nothing else matches this line at all.\n'
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'tm-first.txt', text)
  await fillTarget(page, testInfo, 1, 'Septiņas violetas pūces sargā kluso ostu.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Seven purple owls/ })).toContainText('Apstiprināts')

  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
  const row = await uploadAndOpen(page, testInfo, 'tm-second.txt', text)
  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()
  await row.getByText('TM analīze').click()
  const bands = row.locator('.analysis-bands')
  await expect(bands.locator('.band-100 dd')).toHaveText('7 vārdi')
  await expect(bands.locator('.band-none dd')).toHaveText('7 vārdi')
  await expectNoAxeViolations(page, testInfo)

  await row.getByRole('link', { name: 'Tulkot' }).click()
  await expect(page.getByRole('heading', { name: 'tm-second.txt', level: 1 })).toBeVisible()
  await page.getByText('TM analīze').click()
  await expect(page.locator('.translator-footer .band-100 dd')).toHaveText('7 vārdi')
  await page.getByText('Pirmstulkošana', { exact: true }).click()
  await page.getByRole('button', { name: 'Visu ar 100% TA atbilsmēm' }).click()
  // The wait (SPEC §4 "status PRETRANSLATING shows a pre-translation wait") may pass quicker than a look at it.
  const firstRow = page.getByRole('row', { name: /Seven purple owls/ })
  await expect(firstRow).toContainText('Apstiprināts', { timeout: 30_000 })
  // The same file again: the segment stands between the same neighbours, a context match (issue 58), kept as 101%.
  await expect(firstRow).toContainText('TA 101%')
  await expectTarget(page, testInfo, 1, 'Septiņas violetas pūces sargā kluso ostu.')
  await expect(page.getByRole('row', { name: /Nothing else matches/ })).not.toContainText('Apstiprināts')
  await expect(targetOf(page, 1)).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

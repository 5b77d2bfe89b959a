import { deleteAllFiles, expect, expectNoAxeViolations, expectTarget, fillTarget, isNoJs, signIn, targetInput, targetOf, test, uploadAndOpen } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Issue 5 in the translator, in both modes: a confirmed segment goes into the translation memory (write-back);
 * another project with a similar source then gets it as a numbered suggestion with its differences (a differing
 * number replaced in the translation offered); "Use" (and
 * Ctrl+1 with JavaScript) puts it in as a TM draft whose match shows in the status column; concordance finds it
 * with the hit marked, and says "no matches found" otherwise.
 */
test('suggestions from the memory, chosen with the button or Ctrl+1, and concordance', async ({ page }, testInfo) => {
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'tm-avots.txt', 'Zebra crossing 12 lights ahead.\n')
  await fillTarget(page, testInfo, 1, 'Zebras pārejai 12 gaismas priekšā.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Apstiprināts/ })).toBeVisible()
  // The server's word (a confirm goes on before it, confirm-ahead.ts): the next file's suggestions need the unit.
  await expect(page.locator('.flash-region')).toHaveText('1. segments apstiprināts.')

  await page.goto('/')
  await uploadAndOpen(page, testInfo, 'tm-merkis.txt', 'Zebra crossing 14 lights ahead. Zebra crossing 15 lights ahead.\n')
  const suggestions = page.getByRole('list', { name: 'Tulkošanas atmiņas ieteikumi' })
  await expect(suggestions.getByRole('listitem')).toHaveCount(1)
  await expect(suggestions).toContainText('97%')
  await expect(suggestions).toContainText('Autors: Anna Bērziņa')
  await expect(suggestions.locator('mark.diff-number')).toHaveText('[cits skaitlis, šajā segmentā 14] 12')
  // The number that differs is replaced in the translation offered.
  await expect(suggestions).toContainText('Zebras pārejai 14 gaismas priekšā.')
  await expectNoAxeViolations(page, testInfo)

  await suggestions.getByRole('button', { name: 'Izmantot ieteikumu 1' }).click()
  await expectTarget(page, testInfo, 1, 'Zebras pārejai 14 gaismas priekšā.')
  const first = page.getByRole('row').filter({ has: targetOf(page, 1) })
  await expect(first.locator('.segment-status')).toContainText('Melnraksts')
  await expect(first.locator('.segment-status')).toContainText('TA 97%')

  await page.getByRole('button', { name: 'Rediģēt 2. segmentu' }).click()
  await expect(targetOf(page, 2)).toBeVisible()
  if (isNoJs(testInfo)) {
    await page.getByRole('button', { name: 'Izmantot ieteikumu 1' }).click()
  } else {
    await targetInput(page, testInfo, 2).click()
    await page.keyboard.press('Control+1')
  }
  await expectTarget(page, testInfo, 2, 'Zebras pārejai 15 gaismas priekšā.')
  await expect(page.getByRole('row').filter({ has: targetOf(page, 2) }).locator('.segment-status')).toContainText('TA 97%')
  // Confirming the chosen text unchanged keeps its TM match.
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  const second = page.getByRole('row').filter({ hasText: 'Zebra crossing 15 lights ahead.' }).locator('.segment-status')
  await expect(second).toContainText('Apstiprināts')
  await expect(second).toContainText('TA 97%')

  // Concordance: nothing for empty text, a hit marked, "no matches found".
  const words = page.getByLabel('Vārdi, ko meklēt tulkošanas atmiņās', { exact: true })
  const search = page.getByRole('button', { name: 'Meklēt konkordancē', exact: true })
  await search.click()
  await expect(page).not.toHaveURL(/concordance=/)
  await words.fill('PĀREJAI')
  await search.click()
  const results = page.getByRole('table', { name: 'Konkordances rezultāti' })
  // The first project's segment and the one just confirmed (written back), newest first.
  await expect(results.getByRole('row')).toHaveCount(3)
  await expect(results.locator('mark')).toHaveText(['pārejai', 'pārejai'])
  await expect(results.getByRole('row').nth(1)).toContainText('Zebra crossing 15 lights ahead.')
  await expect(results.getByRole('row').nth(2)).toContainText('Zebra crossing 12 lights ahead.')
  await expectNoAxeViolations(page, testInfo)
  await words.fill('nekas tāds')
  await search.click()
  await expect(page.getByText('Atbilstības nav atrastas.')).toBeVisible()
  await expect(results).toHaveCount(0)
})

test('a match whose source has no tags gets the segment’s tags where they stand in the source, with Ctrl+1 or the button', async ({ page }, testInfo) => {
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'bez-tagiem.txt', 'Open the file now.\n')
  await fillTarget(page, testInfo, 1, 'Atveriet failu tagad.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Apstiprināts/ })).toBeVisible()
  // The server's word (a confirm goes on before it, confirm-ahead.ts): the next file's suggestions need the unit.
  await expect(page.locator('.flash-region')).toHaveText('1. segments apstiprināts.')

  await page.goto('/')
  await uploadAndOpen(page, testInfo, 'ar-tagiem.html', '<p>Open the <b>file</b> now.</p>\n')
  const suggestions = page.getByRole('list', { name: 'Tulkošanas atmiņas ieteikumi' })
  await expect(suggestions).toContainText('99%')
  // Issue 58 point 5: the pair the memory lacked is placed around the word it wraps in the source.
  await expect(suggestions).toContainText('1 segmenta taga atmiņā nebija; tas ielikts pēc vietas avotā — pārbaudiet.')
  await expectNoAxeViolations(page, testInfo)
  if (isNoJs(testInfo)) {
    await suggestions.getByRole('button', { name: 'Izmantot ieteikumu 1' }).click()
  } else {
    await targetInput(page, testInfo, 1).click()
    await page.keyboard.press('Control+1')
  }
  await expectTarget(page, testInfo, 1, 'Atveriet <b1>failu</b1> tagad.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row').filter({ hasText: 'Open the' }).locator('.segment-status')).toContainText('Apstiprināts')
})

import { deleteAllFiles, expect, expectNoAxeViolations, expectTarget, fillTarget, firstAccount, signIn, test, uploadAndOpen } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Issue 52 point 4, with JavaScript on and off: the owner revises a file (revise mode, in the address) — an edit shown
 * against the translator's text, an issue by category and severity, Reject and Approve, each going on to the next
 * unrevised segment — then translates again, sees the rejection and its issue, answers it and confirms. A reviewer's
 * page is the same revise mode (test/revision.test.ts posts its forms as a reviewer).
 */
test('the owner revises: rejects with an issue, approves, and as translator answers the issue and confirms again', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'rediget.txt', 'Open the file now.\n\nClose the window when the work of the day is done and saved.\n\nSave the page.\n')
  const row = (source: string) => page.getByRole('row', { name: new RegExp(source) })
  for (const [number, text] of [
    [1, 'Atveriet failu tagad.'],
    [2, 'Aizveriet logu.'],
  ] as const) {
    await fillTarget(page, testInfo, number, text)
    await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: `${number}. segments apstiprināts.` })).toBeVisible()
  }

  // Revise mode, from the first segment.
  await page.getByRole('link', { name: 'Rediģēt', exact: true }).click()
  await expect(page.getByRole('navigation', { name: 'Tulkot vai rediģēt' }).getByText('Rediģēt')).toHaveAttribute('aria-current', 'page')
  await row('Open the file now').getByRole('button', { name: /1/ }).click()
  await fillTarget(page, testInfo, 1, 'Atveriet datni tagad.')
  await page.getByLabel('Kategorija').selectOption({ label: 'Terminoloģija' })
  await page.getByLabel('Smagums').selectOption({ label: 'Būtiska' })
  await page.getByLabel('Komentārs').fill('“datne”, ne “fails”')
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Noraidīt', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '1. segments nosūtīts atpakaļ tulkotājam.' })).toBeVisible()
  await expect(row('Open the file now')).toContainText('Noraidīts')
  await expect(row('Open the file now').getByTitle('1 kļūda')).toBeVisible()
  // On to the next unrevised: segment 2, approved as it is (segment 3 is not translated: nothing to revise).
  await expectTarget(page, testInfo, 2, 'Aizveriet logu.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '2. segments apstiprināts.' })).toBeVisible()
  await expect(row('Close the window')).toContainText('Rediģēts')

  // Back to translating: the rejection, the edit against the translator's text, the issue to answer.
  await page.getByRole('link', { name: 'Tulkot', exact: true }).click()
  await expect(page.getByRole('navigation', { name: 'Tulkot vai rediģēt' }).getByText('Tulkot')).toHaveAttribute('aria-current', 'page')
  await row('Open the file now').getByRole('button', { name: /1/ }).click()
  const active = row('Open the file now')
  await expect(active).toContainText('Redaktors šo tulkojumu noraidīja')
  await expect(active.locator('.revision-changes del')).toHaveText('izņemts: failu')
  await expect(active.locator('.revision-changes ins')).toHaveText('pievienots: datni')
  const issues = page.getByRole('list', { name: '1. segmenta rediģēšanas kļūdas' })
  await expect(issues).toContainText('Terminoloģija · Būtiska — “datne”, ne “fails”')
  await expect(issues).toContainText(firstAccount.name)
  await expectNoAxeViolations(page, testInfo)
  await page.getByLabel('Jūsu atbilde uz kļūdu “Terminoloģija”').fill('Piekrītu, labots.')
  await page.getByRole('button', { name: 'Atbildēt', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Atbilde saglabāta.' })).toBeVisible()
  await expect(issues).toContainText(`${firstAccount.name} atbilde: Piekrītu, labots.`)
  // Confirmed again, the segment goes back to revision: no longer rejected.
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '1. segments apstiprināts.' })).toBeVisible()
  await expect(row('Open the file now')).toContainText('Apstiprināts')
  await expect(row('Open the file now')).not.toContainText('Noraidīts')

  // Issue 52 point 5: the revision report — segment 2 approved (13 words of 20), one major issue: 5 points, 384.6 per 1,000 words.
  await page.getByRole('link', { name: 'Rediģēšanas pārskats', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Rediģēšanas pārskats: rediget.txt' })).toBeVisible()
  await expect(page.getByText(`Redaktori: ${firstAccount.name}`)).toBeVisible()
  const figure = (term: string) => page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]')
  await expect(figure('Rediģētie vārdi')).toHaveText('13 / 20')
  await expect(figure('Soda punkti')).toHaveText('5')
  await expect(figure('Vērtējums')).toHaveText('Neatbilst')
  await expect(page.getByRole('table', { name: 'Kļūdas pēc kategorijas un smaguma' }).getByRole('row', { name: /Terminoloģija/ })).toHaveText(/Terminoloģija\s*0\s*1\s*0/)
  await expect(page.getByRole('table', { name: 'Kļūdas', exact: true })).toContainText('Piekrītu, labots.')
  await expectNoAxeViolations(page, testInfo)
  await page.getByLabel('Pieļaujamā robeža (punkti uz 1000 vārdiem)').fill('1000')
  await page.getByRole('button', { name: 'Saglabāt robežu' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Pieļaujamā robeža saglabāta.' })).toBeVisible()
  await expect(figure('Vērtējums')).toHaveText('Atbilst')
  // The file list shows the revision's progress, a link to this report.
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'rediget.txt: rediģēti 65% — rediģēšanas pārskats' })).toHaveText('rediģēti 65%')
})

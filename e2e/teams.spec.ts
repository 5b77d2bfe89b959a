import { deleteAllFiles, expect, expectNoAxeViolations, firstAccount, rowAction, signIn, test, uploadAndOpen } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Issue 52 point 1, the owner's side: a file's Share page and the selected files' share, with JavaScript on and off.
 * The e2e servers hold one account (sign-up is closed), so a colleague's side — the shared file in their list, their
 * work in it, the 403s and 404s — is checked against the real server in test/sharing.test.ts and test/api-flow.test.ts.
 */
test('the owner opens a file’s Share page, is told plainly when an email has no account, and shares the selected files', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'kopīgot.txt', 'Open the file now.\n\nClose the window.\n')
  await page.goto('/')

  await (await rowAction(page, 'Kopīgot “kopīgot.txt”')).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kopīgot “kopīgot.txt”' })).toBeVisible()
  await expect(page.getByText('Datne vēl nav kopīgota ne ar vienu.')).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  const email = page.getByLabel('Kolēģa e-pasts')
  await email.fill('kolegis@example.com')
  await page.getByLabel('Loma').selectOption({ label: 'redaktors' })
  await page.getByRole('button', { name: 'Kopīgot', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Nevienam Tulks kontam nav šī e-pasta. Palūdziet kolēģim vispirms reģistrēties.')
  await expect(email).toHaveValue('kolegis@example.com')
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, testInfo)

  await email.fill(firstAccount.email)
  await page.getByRole('button', { name: 'Kopīgot', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Tas ir jūsu pašu konts: datne jau ir jūsu.')
  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).click()

  await page.getByRole('checkbox', { name: 'Atlasīt kopīgot.txt' }).check()
  await page.getByRole('button', { name: 'Kopīgot atlasītās' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kopīgot atlasītās datnes' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'kopīgot.txt' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  await page.getByLabel('Kolēģa e-pasts').fill('vel-viens@example.com')
  await page.getByRole('button', { name: 'Kopīgot', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Nevienam Tulks kontam nav šī e-pasta. Palūdziet kolēģim vispirms reģistrēties.')
  // The selected file is still named after a refusal, so that a corrected email shares it.
  await expect(page.getByRole('listitem').filter({ hasText: 'kopīgot.txt' })).toBeVisible()
})

import { deleteAllFiles, expect, expectNoAxeViolations, expectTarget, fillTarget, firstAccount, hydrated, isNoJs, rowAction, signIn, targetOf, test, uploadAndOpen } from './helpers'

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

/**
 * Issue 52 point 2: never overwrite a colleague. Two pages of the translator on one segment (two editor pages are two
 * writers, as two colleagues are): the second page's save, based on the version it was shown, is refused with the
 * first page's text beside its own; "Keep mine" saves it over, and nothing is lost either way.
 */
test('a save based on a version changed since shows both texts and keeps mine only when asked', async ({ page, context }, testInfo) => {
  test.setTimeout(90_000)
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'divatas.txt', 'Open the file now.\n\nClose the window.\n')
  const address = page.url()
  const other = await context.newPage()
  await other.goto(address)
  await expect(targetOf(other, 1)).toBeVisible()
  await hydrated(other, testInfo)

  // The other page saves first.
  await fillTarget(other, testInfo, 1, 'Atveriet datni tūlīt.')
  await other.getByRole('button', { name: 'Saglabāt melnrakstu', exact: true }).click()
  await expect(other.getByRole('row', { name: /Open the file now/ })).toContainText('Melnraksts')

  // This page, shown the segment before that, saves its own text: refused, both shown. With JavaScript the editor's own
  // draft, written 500 ms after the typing, is the save refused.
  await fillTarget(page, testInfo, 1, 'Atveriet failu tagad.')
  if (isNoJs(testInfo)) await page.getByRole('button', { name: 'Saglabāt melnrakstu', exact: true }).click()
  const notice = page.locator('.segment-conflict')
  await expect(notice).toContainText('Anna Bērziņa mainīja šo segmentu, kamēr jūs to rediģējāt.')
  await expect(notice).toContainText('Tagad saglabāts: Atveriet datni tūlīt.')
  await expectTarget(page, testInfo, 1, 'Atveriet failu tagad.')
  await expectNoAxeViolations(page, testInfo)

  await notice.getByRole('button', { name: 'Paturēt manu' }).click()
  await expect(notice).toHaveCount(0)
  await other.reload()
  await expectTarget(other, testInfo, 1, 'Atveriet failu tagad.')

  // The other way: this page saves again, and the other page, now behind, takes this page's text instead of its own.
  await fillTarget(page, testInfo, 1, 'Atveriet failu tūlīt.')
  await page.getByRole('button', { name: 'Saglabāt melnrakstu', exact: true }).click()
  await expect(page.getByRole('status').filter({ hasText: '1. segments saglabāts.' })).toBeVisible()
  await fillTarget(other, testInfo, 1, 'Aizveriet datni.')
  await other.getByRole('button', { name: 'Saglabāt melnrakstu', exact: true }).click()
  const theirs = other.locator('.segment-conflict')
  await expect(theirs).toContainText('Tagad saglabāts: Atveriet failu tūlīt.')
  // Posted as a page (the button), "take theirs" opens the segment again; the editor's own write takes it in place.
  await theirs.getByText('Ņemt viņu tekstu').click()
  await expect(theirs).toHaveCount(0)
  await expectTarget(other, testInfo, 1, 'Atveriet failu tūlīt.')
  await other.close()
})

/** Issue 52 point 3: a segment's history in the assistant panel, with what each version changed, and a restore. */
test('the History tab lists each version with who, how and what changed, and restores an older one', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'vesture.txt', 'Open the file now.\n\nClose the window.\n')
  await fillTarget(page, testInfo, 1, 'Atveriet failu tagad.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Open the file now/ })).toContainText('Apstiprināts')
  await page.getByRole('row', { name: /Open the file now/ }).getByRole('button', { name: /1/ }).click()
  await fillTarget(page, testInfo, 1, 'Atveriet datni tagad.')
  await page.getByRole('button', { name: 'Saglabāt melnrakstu', exact: true }).click()
  await expect(page.getByRole('row', { name: /Open the file now/ })).toContainText('Melnraksts')

  await page.getByRole('link', { name: 'Vēsture' }).click()
  const versions = page.getByRole('list', { name: '1. segmenta vēsture, jaunākā vispirms' }).getByRole('listitem')
  await expect(versions).toHaveCount(2)
  await expect(versions.first()).toContainText('Melnraksts')
  await expect(versions.first()).toContainText(firstAccount.name)
  await expect(versions.first().locator('del')).toHaveText('izņemts: failu')
  await expect(versions.first().locator('ins')).toHaveText('pievienots: datni')
  await expect(versions.nth(1)).toContainText('Apstiprināts')
  await expectNoAxeViolations(page, testInfo)

  await versions.nth(1).getByRole('button', { name: 'Atjaunot 1. versiju' }).click()
  await expect(page.getByRole('status').filter({ hasText: '1. versija atjaunota kā melnraksts.' })).toBeVisible()
  await expectTarget(page, testInfo, 1, 'Atveriet failu tagad.')
  await expect(versions).toHaveCount(3)
  await expect(versions.first()).toContainText('Atjaunots')
})

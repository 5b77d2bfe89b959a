import { deleteAllFiles, expect, expectNoAxeViolations, firstAccount, hydrated, isNoJs, signIn, signOutInAnotherTab, submitSignIn, test, uploadAndOpen } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Segment comments (SPEC §2 "Comments" tab, §5, §8): refused empty and over-long comments with the typed text
 * kept, a published comment in the list and as a chat icon in its row, Resolve all adding the resolved marker,
 * the panel's search.
 */
test('comment on a segment, refusals, resolve all', async ({ page }, testInfo) => {
  await signIn(page)
  if (!isNoJs(testInfo)) await expect(page.locator('form[data-enhanced="true"]')).toHaveCount(1)
  const name = `komentari-${Date.now()}.txt`
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles([
    { name, mimeType: 'text/plain', buffer: Buffer.from('First sentence. Second sentence.\n') },
  ])
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  await page.getByRole('row', { name: new RegExp(name.replace('.', '\\.')) }).getByRole('link', { name: 'Tulkot' }).click({ timeout: 30_000 })

  // The Comments tab of the assistant panel.
  await page.getByRole('link', { name: 'Komentāri', exact: true }).click()
  const panel = page.getByRole('region', { name: '1. segmenta komentāri' })
  await expect(panel).toContainText('Šim segmentam vēl nav komentāru.')
  const message = panel.getByLabel('Komentārs 1. segmentam')
  const publish = panel.getByRole('button', { name: 'Publicēt', exact: true })

  // SPEC §5: empty refused.
  await message.fill('   ')
  await publish.click()
  await expect(panel.getByRole('alert')).toHaveText('Komentāra lauks nedrīkst būt tukšs')

  // SPEC §5/§9: at most 750 characters; the 751 typed stay to be shortened.
  const tooLong = 'ā'.repeat(751)
  await message.fill(tooLong)
  await publish.click()
  await expect(panel.getByRole('alert')).toHaveText('Komentārā var būt ne vairāk kā 750 rakstzīmju.')
  await expect(panel.getByLabel('Komentārs 1. segmentam')).toHaveValue(tooLong)
  await expect(panel.getByLabel('Komentārs 1. segmentam')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, testInfo)

  await panel.getByLabel('Komentārs 1. segmentam').fill('Vai "sentence" te ir pareizi?')
  await publish.click()
  const list = panel.getByRole('list')
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list).toContainText(firstAccount.name)
  await expect(list).toContainText('Vai "sentence" te ir pareizi?')
  await expect(panel.getByRole('alert')).toHaveCount(0)
  await expect(panel.getByLabel('Komentārs 1. segmentam')).toHaveValue('')
  const row = page.getByRole('row', { name: /First sentence/ })
  await expect(row.getByRole('img', { name: 'Ir komentāri' })).toBeVisible()
  await expect(page.getByRole('row', { name: /Second sentence/ }).getByRole('img')).toHaveCount(0)

  // The panel's search: live with JavaScript, a GET form without.
  await panel.getByRole('searchbox', { name: 'Meklēt komentāros' }).fill('vārdnīca')
  if (isNoJs(testInfo)) await panel.getByRole('button', { name: 'Meklēt', exact: true }).click()
  await expect(panel.getByText('Atrasti 0 komentāru')).toBeVisible()
  await expect(panel.getByRole('listitem')).toHaveCount(0)
  await panel.getByRole('searchbox', { name: 'Meklēt komentāros' }).fill('PAREIZI')
  if (isNoJs(testInfo)) await panel.getByRole('button', { name: 'Meklēt', exact: true }).click()
  await expect(panel.getByText('Atrasts 1 komentārs')).toBeVisible()
  await panel.getByRole('searchbox', { name: 'Meklēt komentāros' }).fill('')
  if (isNoJs(testInfo)) await panel.getByRole('button', { name: 'Meklēt', exact: true }).click()

  // Resolve all adds the resolved marker (SPEC §3 message type 2); the icon says resolved.
  await panel.getByRole('button', { name: 'Atrisināt visus', exact: true }).click()
  await expect(panel.getByText(`Atrisināja ${firstAccount.name}`)).toBeVisible()
  await expect(panel.getByRole('button', { name: 'Atrisināt visus', exact: true })).toHaveCount(0)
  await expect(row.getByRole('img', { name: 'Komentāri atrisināti' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

/** A comment published after the session ended (signed out in another tab) is kept through signing in again. */
test('a comment published when the session had ended comes back after signing in', async ({ page, context }, testInfo) => {
  await signIn(page)
  await uploadAndOpen(page, testInfo, `komentars-sesija-${Date.now()}.txt`, 'First sentence.\n')
  await page.getByRole('link', { name: 'Komentāri', exact: true }).click()
  const panel = page.getByRole('region', { name: '1. segmenta komentāri' })
  await panel.getByLabel('Komentārs 1. segmentam').fill('Vai "sentence" te ir pareizi?')
  await signOutInAnotherTab(context)

  await panel.getByRole('button', { name: 'Publicēt', exact: true }).click()
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=.*panel%3Dcomments$/)
  await expect(page.getByRole('status').filter({ hasText: 'tas, ko saglabājāt, nav zudis' })).toBeVisible()
  await submitSignIn(page, firstAccount.email, firstAccount.password)
  await hydrated(page, testInfo)
  await expect(panel.getByText('Jūsu sesija beidzās, pirms šis komentārs tika publicēts.')).toBeVisible()
  await expect(panel.getByLabel('Komentārs 1. segmentam')).toHaveValue('Vai "sentence" te ir pareizi?')
  await expect(panel.getByRole('listitem')).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)
  await panel.getByRole('button', { name: 'Publicēt', exact: true }).click()
  await expect(panel.getByRole('listitem')).toHaveCount(1)
  await expect(panel.getByRole('list')).toContainText('Vai "sentence" te ir pareizi?')
})

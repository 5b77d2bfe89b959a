import { expect, expectNoAxeViolations, signIn, test } from './helpers'

/**
 * Issue 16 item 2: personal access tokens, made and revoked on the settings page with and without JavaScript, and
 * used by a program as `Authorization: Bearer …` (revoking works at once).
 */
test('a token is made on the settings page, shown once, used by a program and revoked', async ({ page, playwright }, testInfo) => {
  await signIn(page)
  await page.getByText('Iestatījumi', { exact: true }).click()
  await page.getByRole('link', { name: 'Piekļuves pilnvaras programmām' }).click()
  await expect(page.getByRole('heading', { name: 'Piekļuves pilnvaras', level: 1 })).toBeVisible()
  await expect(page.getByText('Jums vēl nav piekļuves pilnvaru.')).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  // An empty name is refused on the page (the browser's own check is bypassed by a name of spaces).
  const name = `CMS ${testInfo.project.name}`
  await page.getByLabel('Nosaukums', { exact: true }).fill('   ')
  await page.getByRole('button', { name: 'Izveidot pilnvaru' }).click()
  await expect(page.getByRole('alert')).toHaveText('Ievadiet pilnvaras nosaukumu.')

  await page.getByLabel('Nosaukums', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Izveidot pilnvaru' }).click()
  await expect(page.getByText(`Pilnvara “${name}” izveidota. Nokopējiet to tagad — vēlreiz tā netiks rādīta.`)).toBeVisible()
  const token = await page.getByLabel('Jaunā pilnvara').inputValue()
  expect(token).toMatch(/^tulks_/)
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText(`${token.slice(0, 10)}…`)
  await expect(row).toContainText('nekad')
  await expectNoAxeViolations(page, testInfo)

  // A program with the token and no cookie.
  const program = await playwright.request.newContext({ baseURL: new URL(page.url()).origin })
  const listed = await program.get('/tokens', { headers: { Authorization: `Bearer ${token}` } })
  expect(listed.status()).toBe(200)
  expect((await listed.json()).data).toEqual([expect.objectContaining({ name })])

  // Shown once: opened again, the page lists only its first characters.
  await page.goto('/settings/tokens')
  await expect(page.getByLabel('Jaunā pilnvara')).toHaveCount(0)
  await expect(page.getByRole('row', { name: new RegExp(name) })).not.toContainText('nekad')

  await page.getByRole('button', { name: `Atsaukt ${name}` }).click()
  await expect(page.getByText(`Pilnvara “${name}” atsaukta.`)).toBeVisible()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0)
  const refused = await program.get('/tokens', { headers: { Authorization: `Bearer ${token}` } })
  expect(refused.status()).toBe(401)
  expect((await refused.json()).errors[0].code).toBe('InvalidToken')
  await program.dispose()
})

import { expect, expectNoAxeViolations, firstAccount, lv, signOut, test as setup } from './helpers'

/**
 * Runs once per project against that project's empty server: the first visitor is sent to sign-up and
 * creates the first account, which every spec then signs in with.
 */
setup('the first visitor creates the first account', async ({ page }, testInfo) => {
  const response = await page.goto('/')
  // "/" needs a signed-in user, so it sends us to sign-in, and sign-in, with no account yet, to sign-up.
  await expect(page).toHaveURL(/\/sign-up$/)
  const hops: string[] = []
  for (let request = response?.request().redirectedFrom(); request; request = request.redirectedFrom()) {
    hops.unshift(new URL(request.url()).pathname)
  }
  expect(hops).toEqual(['/', '/sign-in'])

  await expect(page.getByRole('heading', { level: 1, name: 'Izveidot pirmo kontu' })).toBeVisible()
  await expect(page.getByText('Vēl nav neviena konta.')).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  const name = page.getByLabel('Vārds un uzvārds', { exact: true })
  const email = page.getByLabel(lv.email, { exact: true })
  const password = page.getByLabel('Parole', { exact: true })
  const confirm = page.getByLabel('Atkārtojiet paroli', { exact: true })
  const submit = page.getByRole('main').getByRole('button', { name: 'Izveidot kontu', exact: true })

  // A too-short password is refused with a translated message tied to the field.
  await name.fill(firstAccount.name)
  await email.fill(firstAccount.email)
  await password.fill('short')
  await confirm.fill('short')
  await submit.click()
  const tooShort = 'Parolē jābūt vismaz 8 rakstzīmēm.'
  await expect(page.getByText(tooShort)).toBeVisible()
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription(new RegExp(tooShort.replace(/\./g, '\\.')))
  await expect(page).toHaveURL(/\/sign-up$/)
  // What was typed (except passwords) is kept.
  await expect(name).toHaveValue(firstAccount.name)
  await expect(email).toHaveValue(firstAccount.email)
  await expectNoAxeViolations(page, testInfo)

  await password.fill(firstAccount.password)
  await confirm.fill(firstAccount.password)
  await submit.click()

  // Signed in at once, on the (empty) file list.
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText(lv.empty)).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(firstAccount.name)

  await signOut(page)
  await expect(page.getByRole('status')).toHaveText(lv.signedOut)
})

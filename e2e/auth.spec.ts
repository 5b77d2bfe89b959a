import { expect, expectNoAxeViolations, firstAccount, hydrated, isNoJs, lv, signIn, signOut, submitSignIn, test } from './helpers'

const signInHeading = { level: 1, name: lv.signInTitle } as const

test.describe('signing in and out', () => {
  test('the sign-in page is accessible and offers no sign-up while sign-up is closed', async ({ page }, testInfo) => {
    const response = await page.goto('/sign-in')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', signInHeading)).toBeVisible()
    await expect(page.getByLabel(lv.email, { exact: true })).toHaveAttribute('autocomplete', 'username')
    await expect(page.getByLabel(lv.password, { exact: true })).toHaveAttribute('type', 'password')
    await expect(page.getByRole('link', { name: 'Izveidot kontu' })).toHaveCount(0)
    await expect(page).toHaveTitle(lv.signInTitle)
    await expectNoAxeViolations(page, testInfo)
  })

  test('a wrong password is refused with a message, keeping the email', async ({ page }, testInfo) => {
    await page.goto('/sign-in')
    await submitSignIn(page, firstAccount.email, 'not the password')
    const alert = page.getByRole('alert')
    await expect(alert).toHaveText(lv.wrongCredentials)
    // With JavaScript the message takes focus (which also shows the js project really runs hydrated);
    // without, role="alert" announces it as the page loads.
    if (isNoJs(testInfo)) await expect(alert).not.toBeFocused()
    else await expect(alert).toBeFocused()
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByLabel(lv.email, { exact: true })).toHaveValue(firstAccount.email)
    await expectNoAxeViolations(page, testInfo)

    // Still signed out.
    await page.goto('/')
    await expect(page).toHaveURL(/\/sign-in$/)
  })

  test('an empty form is refused with messages on the fields', async ({ page }) => {
    await page.goto('/sign-in')
    await page.getByRole('main').getByRole('button', { name: lv.signInTitle, exact: true }).click()
    const email = page.getByLabel(lv.email, { exact: true })
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await expect(email).toHaveAccessibleDescription('Ievadiet e-pasta adresi.')
    await expect(page.getByLabel(lv.password, { exact: true })).toHaveAccessibleDescription('Ievadiet paroli.')
  })

  test('the right password signs in and lands on the file list', async ({ page }) => {
    await page.goto('/sign-in')
    await submitSignIn(page, firstAccount.email, firstAccount.password)
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText(lv.empty)).toBeVisible()
    await expect(page.getByRole('banner')).toContainText(firstAccount.name)

    // A signed-in user who opens the sign-in page is sent on.
    await page.goto('/sign-in')
    await expect(page).toHaveURL(/\/$/)
  })

  test('after signing in the user lands back on the page they asked for', async ({ page }) => {
    await page.goto('/?from=test')
    await expect(page).toHaveURL(/\/sign-in\?/)
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/?from=test')

    await submitSignIn(page, firstAccount.email, firstAccount.password)
    await expect(page).toHaveURL(/\/\?from=test$/)
    await expect(page.getByText(lv.empty)).toBeVisible()
  })

  for (const target of ['//evil.example', '/\\evil.example', 'https://evil.example/']) {
    test(`a redirect target off this site (${target}) lands on the file list`, async ({ page, baseURL }) => {
      await page.goto(`/sign-in?redirectTo=${encodeURIComponent(target)}`)
      await expect(page.getByRole('heading', signInHeading)).toBeVisible()
      await submitSignIn(page, firstAccount.email, firstAccount.password)
      await expect(page).toHaveURL(`${baseURL}/`)
      await expect(page.getByText(lv.empty)).toBeVisible()
    })
  }

  test('signing out ends the session', async ({ page, context }) => {
    await signIn(page)
    const session = (await context.cookies()).find((cookie) => cookie.name === 'tulks_session')
    expect(session, 'a session cookie after signing in').toBeDefined()

    await signOut(page)
    await expect(page.getByRole('status')).toHaveText(lv.signedOut)
    await expect(page.getByRole('heading', signInHeading)).toBeVisible()
    expect((await context.cookies()).find((cookie) => cookie.name === 'tulks_session')).toBeUndefined()

    await page.goto('/')
    await expect(page).toHaveURL(/\/sign-in$/)

    // The old cookie no longer works: the session is gone on the server, not only in this browser.
    await context.addCookies([session!])
    await page.goto('/')
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByRole('status')).toHaveText('Jūsu sesija ir beigusies. Lūdzu, piesakieties vēlreiz.')
  })
})

test.describe('creating accounts once one exists', () => {
  const closed = 'Kontu izveide ir izslēgta. Lūdziet kontu administratoram.'

  test('the sign-up page says sign-up is closed, with status 403', async ({ page }, testInfo) => {
    const response = await page.goto('/sign-up')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { level: 1, name: 'Izveidot kontu' })).toBeVisible()
    await expect(page.getByText(closed)).toBeVisible()
    await expect(page.getByRole('textbox')).toHaveCount(0)
    await page.getByRole('link', { name: 'Pieteikties ar esošu kontu' }).click()
    await expect(page).toHaveURL(/\/sign-in$/)
    await page.goto('/sign-up')
    await expectNoAxeViolations(page, testInfo)
  })

  test('posting the sign-up form anyway creates no account', async ({ page }) => {
    const intruder = { name: 'Intruder', email: 'intruder@example.com', password: 'another long password' }
    const response = await page.request.post('/sign-up', {
      form: { ...intruder, confirm: intruder.password, redirectTo: '/' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(403)
    expect(await response.text()).toContain(closed)

    await page.goto('/sign-in')
    await submitSignIn(page, intruder.email, intruder.password)
    await expect(page.getByRole('alert')).toHaveText(lv.wrongCredentials)
  })

  test('a signed-in user who opens sign-up is sent to the file list', async ({ page }, testInfo) => {
    await signIn(page)
    await page.goto('/sign-up')
    await expect(page).toHaveURL(/\/$/)
    await hydrated(page, testInfo)
  })
})

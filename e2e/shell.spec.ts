import type { APIResponse, Page, Response } from '@playwright/test'
import { expect, expectNoAxeViolations, firstAccount, hydrated, lv, signIn, signOut, test } from './helpers'

function expectSecurityHeaders(response: APIResponse | Response | null | undefined, what: string) {
  expect(response, what).toBeTruthy()
  const headers = response!.headers()
  const csp = headers['content-security-policy'] ?? ''
  expect(csp, `${what}: Content-Security-Policy`).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(csp, `${what}: Content-Security-Policy`).toContain("style-src 'self'")
  expect(csp, `${what}: Content-Security-Policy`).toContain("frame-ancestors 'none'")
  expect(csp, `${what}: Content-Security-Policy`).not.toContain('unsafe-inline')
  expect(headers['x-content-type-options'], `${what}: X-Content-Type-Options`).toBe('nosniff')
  expect(headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin')
  expect(headers['x-powered-by'], `${what}: X-Powered-By`).toBeUndefined()
}

test.describe('signed out', () => {
  test('an unknown path redirects to the file list, which asks for sign-in', async ({ page }) => {
    const response = await page.goto('/some/unknown/path?x=1')
    // "/" is not worth remembering as a redirect target, so the sign-in address carries none.
    await expect(page).toHaveURL(/\/sign-in$/)
    expect(new URL(response!.request().redirectedFrom()!.url()).pathname).toBe('/')
  })

  test('a POST from a foreign origin is refused with a translated message', async ({ page, baseURL }) => {
    const refused = await page.request.post('/sign-in', {
      headers: { Origin: 'https://evil.example' },
      form: { email: firstAccount.email, password: firstAccount.password, redirectTo: '/' },
      maxRedirects: 0,
    })
    expect(refused.status()).toBe(403)
    expect(await refused.text()).toBe(
      'Radās neparedzēta kļūda, mēģiniet vēlreiz, un, ja tā atkārtojas, sazinieties ar sistēmas administratoru.',
    )
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'tulks_session')).toBe(false)

    // "null" (a sandboxed frame, a cross-site redirect) is foreign too.
    const nullOrigin = await page.request.post('/sign-out', { headers: { Origin: 'null' }, maxRedirects: 0 })
    expect(nullOrigin.status()).toBe(403)

    // The message follows the interface language.
    await page.goto('/sign-in')
    await page.getByRole('banner').getByRole('button', { name: 'English', exact: true }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const english = await page.request.post('/language', { headers: { Origin: 'https://evil.example' }, form: { language: 'ru' } })
    expect(english.status()).toBe(403)
    expect(await english.text()).toBe(
      'Unexpected error. Please try again. If the problem is not resolved, please contact the system administrator.',
    )

    // The same POST from our own origin goes through.
    const own = await page.request.post('/sign-in', {
      headers: { Origin: baseURL! },
      form: { email: firstAccount.email, password: firstAccount.password, redirectTo: '/' },
      maxRedirects: 0,
    })
    expect(own.status()).toBe(302)
    expect(own.headers()['location']).toBe('/')
  })

  test('pages and static files carry the security headers', async ({ page }) => {
    const document = await page.goto('/sign-in')
    expectSecurityHeaders(document, 'the sign-in page')
    expect(document!.headers()['x-frame-options']).toBe('DENY')

    const favicon = await page.request.get('/favicon.svg')
    expect(favicon.status()).toBe(200)
    expectSecurityHeaders(favicon, '/favicon.svg')

    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute('href')
    expect(stylesheet).toMatch(/^\/build\//)
    const css = await page.request.get(stylesheet!)
    expect(css.status()).toBe(200)
    expect(css.headers()['content-type']).toContain('text/css')
    expect(css.headers()['cache-control']).toContain('immutable')
    expectSecurityHeaders(css, stylesheet!)
  })
})

test.describe('signed in', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page)
  })

  test('an unknown path redirects to the file list', async ({ page }) => {
    await page.goto('/some/unknown/path?x=1')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByText(lv.empty)).toBeVisible()
  })

  test('a form over 1 MiB is refused with a translated page, and nothing is saved', async ({ page }, testInfo) => {
    await page.goto('/memories')
    await hydrated(page, testInfo)
    // A browser sends what is in the field: a name far past its maxlength, as a script or a broken client might.
    // Other tests may have made memories of this user, each with its own name field: take the new memory's form.
    const create = page.locator('section[aria-labelledby="create-memory-title"]')
    await create.locator('input[name="name"]').evaluate((input: HTMLInputElement, text) => {
      input.removeAttribute('maxlength')
      input.value = text
    }, 'a'.repeat(1_100_000))
    await create.locator('button[name="intent"][value="create"]').click()
    await expect(page).toHaveTitle('Nosūtīts par daudz')
    await expect(page.getByRole('alert')).toHaveText(
      'Veidlapa nosūtīja vairāk nekā 1 MB, tāpēc nekas netika saglabāts. Saīsiniet tekstu un mēģiniet vēlreiz.',
    )
    await expectNoAxeViolations(page, testInfo)
    await page.goto('/memories')
    await expect(page.locator('main')).not.toContainText('aaaaaaaaaa')
  })

  test('private pages are never cached, and Back after signing out does not show them', async ({ page }) => {
    for (const path of ['/', '/memories', '/_root.data']) {
      const response = await page.request.get(path)
      expect(response.status(), path).toBe(200)
      expect(response.headers()['cache-control'], path).toBe('no-store')
    }
    await page.goto('/memories')
    await signOut(page)
    await page.goBack()
    await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fmemories$/)
    await expect(page.getByRole('heading', { name: lv.signInTitle })).toBeVisible()
  })

  test('a page that does not exist is named and explained in the interface language', async ({ page }, testInfo) => {
    const response = await page.goto('/translate/999999/no-such-password')
    expect(response!.status()).toBe(404)
    await expect(page).toHaveTitle('Nav atrasts')
    await expect(page.getByRole('alert')).toHaveText('Šī lapa vai datne neeksistē vai nepieder jums.')
    await expectNoAxeViolations(page, testInfo)
    const download = await page.request.get('/files/999999/no-such-password/translated')
    expect(download.status()).toBe(404)
    expect(await download.text()).toContain('<title>Nav atrasts</title>')
    // An absurd segment or page number finds nothing, or the last page: never a server error.
    expect((await page.request.get('/translate/999999/x?segment=99999999999999999999')).status()).toBe(404)
    expect((await page.request.get('/?page=99999999999999999999')).status()).toBe(200)
    await page.goto('/?page=999')
    await expect(page).toHaveURL(/\/\?page=1$/)
    await expect(page.getByRole('heading', { name: 'Datnes', level: 1 })).toBeVisible()
  })

  test('the header names the user and the skip link leads to the main content', async ({ page }, testInfo) => {
    await expect(page.getByRole('banner')).toContainText(`Pieteicies kā ${firstAccount.name}`)

    const skip = page.getByRole('link', { name: 'Pāriet uz galveno saturu' })
    await expect(skip).toHaveAttribute('href', '#main')
    await expect(page.getByRole('main')).toHaveAttribute('id', 'main')

    // On a freshly loaded page it is the first thing the keyboard reaches, and following it moves focus to
    // the main content.
    await page.goto('/')
    await hydrated(page, testInfo)
    await page.keyboard.press('Tab')
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)
    await expect(page.getByRole('main')).toBeFocused()
  })

  test('the settings panel saves its choices', async ({ page }, testInfo) => {
    const labels = [
      'Iepriekštulkojot aizpildīt visu no 100% TA',
      'Aizpildīt no mašīntulkošanas',
      'Sūtīt manus tulkojumus mašīntulkošanas sistēmas uzlabošanai',
    ]
    const boxes = labels.map((label) => page.getByRole('checkbox', { name: label, exact: true }))

    await openSettings(page)
    await expect(page.getByRole('group', { name: 'Augšupielādējot datni' }).getByRole('checkbox')).toHaveCount(2)
    await expectNoAxeViolations(page, testInfo)

    // Turn every box the other way (so both ticking and unticking are stored).
    const wanted: boolean[] = []
    for (const box of boxes) {
      const checked = await box.isChecked()
      wanted.push(!checked)
      await box.setChecked(!checked)
    }
    await page.getByRole('button', { name: 'Saglabāt iestatījumus', exact: true }).click()
    await expect(page.getByRole('status')).toHaveText('Iestatījumi saglabāti.')
    await expect(page).toHaveURL(/\/$/)

    await page.reload()
    // The message was for one page only.
    await expect(page.getByText('Iestatījumi saglabāti.')).toHaveCount(0)
    await openSettings(page)
    for (const [index, box] of boxes.entries()) {
      if (wanted[index]) await expect(box, labels[index]).toBeChecked()
      else await expect(box, labels[index]).not.toBeChecked()
    }
    await expectNoAxeViolations(page, testInfo)

    // Back as they were: the specs share the account, and "fill from 100% TM" changes every later upload.
    for (const [index, box] of boxes.entries()) await box.setChecked(!wanted[index])
    await page.getByRole('button', { name: 'Saglabāt iestatījumus', exact: true }).click()
    await expect(page.getByRole('status')).toHaveText('Iestatījumi saglabāti.')
  })
})

async function openSettings(page: Page) {
  const details = page.locator('details', { has: page.locator('summary', { hasText: 'Iestatījumi' }) })
  await expect(details).toHaveCount(1)
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
  await expect(details).toHaveAttribute('open', '')
  await expect(page.getByRole('button', { name: 'Saglabāt iestatījumus', exact: true })).toBeVisible()
}

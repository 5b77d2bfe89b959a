import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, firstAccount, lv, signIn, test } from './helpers'

const languages = {
  lv: { button: 'Latviešu', signIn: 'Pieteikties', empty: lv.empty, signOut: 'Iziet', switcher: 'Saskarnes valoda' },
  en: { button: 'English', signIn: 'Sign in', empty: 'To start translating, please upload a file.', signOut: 'Sign out', switcher: 'Interface language' },
  ru: { button: 'Русский', signIn: 'Вход', empty: 'Чтобы начать перевод, загрузите файл.', signOut: 'Выйти', switcher: 'Язык интерфейса' },
} as const
type Language = keyof typeof languages

function languageButton(page: Page, language: Language) {
  return page.getByRole('banner').getByRole('button', { name: languages[language].button, exact: true })
}

async function switchTo(page: Page, language: Language) {
  await languageButton(page, language).click()
  await expectLanguage(page, language)
}

async function expectLanguage(page: Page, language: Language) {
  await expect(page.locator('html')).toHaveAttribute('lang', language)
  const switcher = page.getByRole('form', { name: languages[language].switcher })
  await expect(switcher).toBeVisible()
  for (const other of Object.keys(languages) as Language[]) {
    await expect(languageButton(page, other)).toHaveAttribute('aria-pressed', String(other === language))
    await expect(languageButton(page, other)).toHaveAttribute('lang', other)
  }
}

test('the sign-in page is Latvian by default and follows the chosen language', async ({ page }) => {
  await page.goto('/sign-in')
  await expectLanguage(page, 'lv')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(languages.lv.signIn)

  for (const language of ['en', 'ru', 'lv'] as const) {
    await switchTo(page, language)
    await expect(page).toHaveURL(/\/sign-in$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(languages[language].signIn)
    await expect(page).toHaveTitle(languages[language].signIn)
  }
})

test('the file list follows the chosen language, which persists across a reload', async ({ page }, testInfo) => {
  await signIn(page, { path: '/?from=language' })
  await expect(page).toHaveURL(/\/\?from=language$/)
  await expectLanguage(page, 'lv')
  await expect(page.getByText(lv.empty)).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  for (const language of ['en', 'ru', 'lv'] as const) {
    await switchTo(page, language)
    // The switcher sends the user back where they were, query included.
    await expect(page).toHaveURL(/\/\?from=language$/)
    const { empty, signOut } = languages[language]
    await expect(page.getByText(empty)).toBeVisible()
    await expect(page.getByRole('banner').getByRole('button', { name: signOut, exact: true })).toBeVisible()
    await expectNoAxeViolations(page, testInfo)

    await page.reload()
    await expectLanguage(page, language)
    await expect(page.getByText(empty)).toBeVisible()
  }
})

test('the language chosen while signed out stays after signing in', async ({ page }) => {
  await page.goto('/sign-in')
  await switchTo(page, 'en')
  await page.getByLabel('Email', { exact: true }).fill(firstAccount.email)
  await page.getByLabel('Password', { exact: true }).fill(firstAccount.password)
  await page.getByRole('main').getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expectLanguage(page, 'en')
  await expect(page.getByText(languages.en.empty)).toBeVisible()
})

test('an unknown language is ignored', async ({ page }) => {
  await page.goto('/sign-in')
  const response = await page.request.post('/language', { form: { language: 'de', redirectTo: '/sign-in' }, maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers()['location']).toBe('/sign-in')
  expect(response.headers()['set-cookie']).toBeUndefined()
  await page.reload()
  await expectLanguage(page, 'lv')
})

import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { deleteAllFiles, expect, expectNoAxeViolations, firstAccount, hydrated, isNoJs, signIn, signOutInAnotherTab, submitSignIn, test, uploadAndOpen } from './helpers'

/**
 * Translation memories (issue 5, UI): the memories page (create, rename, import a TMX and read its report,
 * export, lock, delete), the settings panel's read/write checkboxes, and the translator's per-project choice.
 * Every memory made here is deleted again.
 */
test.afterEach(async ({ page }) => deleteAllFiles(page))

const samples = path.resolve(import.meta.dirname, '../../shared/samples/tmx')
const broken = path.resolve(import.meta.dirname, '../test/fixtures/tmx/broken-truncated.tmx')

async function createMemory(page: Page, name: string) {
  await page.goto('/memories')
  await page.getByLabel('Nosaukums', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Izveidot', exact: true }).click()
  await expect(page.getByText(`Atmiņa izveidota: ${name}.`)).toBeVisible()
}

async function deleteMemory(page: Page, name: string) {
  await page.goto('/memories')
  await page.getByRole('link', { name: `Dzēst ${name}`, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Vai tiešām dzēst tulkošanas atmiņu?' })).toBeVisible()
  await page.getByRole('button', { name: 'Dzēst', exact: true }).click()
  await expect(page.getByText(`Atmiņa dzēsta: ${name}.`)).toBeVisible()
  await expect(page.getByRole('link', { name: `Dzēst ${name}`, exact: true })).toHaveCount(0)
}

async function importTmx(page: Page, memory: string, file: string) {
  await page.getByLabel('Atmiņa', { exact: true }).selectOption({ label: `${memory} (en → lv)` })
  await page.getByLabel('TMX datne', { exact: true }).setInputFiles(file)
  await page.getByRole('button', { name: 'Importēt', exact: true }).click()
  await expect(page.getByText(`Imports atmiņā ${memory} sākts; tā gaita redzama zemāk.`)).toBeVisible({ timeout: 30_000 })
}

test('a memory is created, renamed, filled from TMX, exported, locked and deleted', async ({ page }, testInfo) => {
  await signIn(page, { path: '/memories' })
  await expect(page.getByRole('heading', { name: 'Tulkošanas atmiņas', level: 1 })).toBeVisible()
  await createMemory(page, 'E2E atmiņa')
  await expectNoAxeViolations(page, testInfo)

  await page.getByLabel('Atmiņas E2E atmiņa nosaukums', { exact: true }).fill('E2E juridiskā')
  await page.getByRole('button', { name: 'Pārdēvēt E2E atmiņa', exact: true }).click()
  await expect(page.getByText('Atmiņa pārdēvēta: E2E juridiskā.')).toBeVisible()

  // The import runs in the background; the page refreshes itself (no JS) or revalidates (JS) until the report.
  await importTmx(page, 'E2E juridiskā', path.join(samples, 'tatoeba_en-lv.tmx'))
  await expect(page.getByText(/Importētas 1\s?000 vienības\. Izlaistas 0 vienības\./)).toBeVisible({ timeout: 60_000 })
  const row = page.getByRole('row', { name: /E2E juridiskā/ })
  await expect(row.getByRole('cell').nth(1)).not.toHaveText('0')
  await expectNoAxeViolations(page, testInfo)

  // A broken file is reported and changes nothing.
  const units = await row.getByRole('cell').nth(1).textContent()
  await importTmx(page, 'E2E juridiskā', broken)
  await expect(page.getByText('Datne ir bojāta (nederīgs XML). Atmiņa netika mainīta.')).toBeVisible({ timeout: 60_000 })
  await expect(row.getByRole('cell').nth(1)).toHaveText(units ?? '')

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Eksportēt E2E juridiskā kā TMX', exact: true }).click()])
  expect(download.suggestedFilename()).toBe('E2E juridiskā.tmx')
  const exported = fs.readFileSync((await download.path())!, 'utf8')
  expect(exported).toContain('<tmx version="1.4">')
  expect(exported).toContain('No wonder that the presenter sounded weird, she was sick.')

  await page.getByRole('button', { name: 'Slēgt E2E juridiskā', exact: true }).click()
  await expect(row).toContainText('Slēgta (tikai lasāma)')
  await page.getByRole('button', { name: 'Atslēgt E2E juridiskā', exact: true }).click()
  await expect(row).toContainText('Rakstāma')

  // Without JavaScript a confirmation page, with it a dialog; both can be cancelled.
  await page.getByRole('link', { name: 'Dzēst E2E juridiskā', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Vai tiešām dzēst tulkošanas atmiņu?' })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole(isNoJs(testInfo) ? 'link' : 'button', { name: 'Atcelt' }).click()
  await deleteMemory(page, 'E2E juridiskā')
})

/** A memory made after the session ended (signed out in another tab) is offered again on its page after signing in. */
test('a memory made when the session had ended is offered again after signing in', async ({ page, context }, testInfo) => {
  await signIn(page, { path: '/memories' })
  await page.getByLabel('Nosaukums', { exact: true }).fill('E2E sesija')
  await signOutInAnotherTab(context)

  await page.getByRole('button', { name: 'Izveidot', exact: true }).click()
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Fmemories$/)
  await expect(page.getByRole('status').filter({ hasText: 'tas, ko saglabājāt, nav zudis' })).toBeVisible()
  await submitSignIn(page, firstAccount.email, firstAccount.password)
  await hydrated(page, testInfo)
  await expect(page).toHaveURL(/\/memories$/)
  const kept = page.getByRole('region', { name: 'Jūsu nosūtītā veidlapa nav zudusi' })
  await expect(kept).toContainText('Tajā ir: „E2E sesija”, „angļu”, „latviešu”')
  // Nothing was made while signed out.
  await expect(page.getByRole('button', { name: 'Pārdēvēt E2E sesija', exact: true })).toHaveCount(0)
  await expectNoAxeViolations(page, testInfo)
  await kept.getByRole('button', { name: 'Nosūtīt vēlreiz' }).click()
  await expect(page.getByText('Atmiņa izveidota: E2E sesija.')).toBeVisible()
  await expect(kept).toHaveCount(0)
  await deleteMemory(page, 'E2E sesija')
})

test('the settings panel saves read and write per memory; a locked memory cannot be written', async ({ page }, testInfo) => {
  await signIn(page)
  await createMemory(page, 'E2E lasāmā')
  await createMemory(page, 'E2E slēgtā')
  await page.getByRole('button', { name: 'Slēgt E2E slēgtā', exact: true }).click()
  await expect(page.getByText('Atmiņa slēgta: tajā vairs netiks rakstīts.')).toBeVisible()

  await page.goto('/')
  await page.locator('summary', { hasText: 'Iestatījumi' }).click()
  await expect(page.getByLabel('Rakstīt atmiņā E2E slēgtā', { exact: true })).toBeDisabled()
  await page.getByLabel('Lasīt no atmiņas E2E lasāmā', { exact: true }).uncheck()
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Saglabāt iestatījumus', exact: true }).click()
  await expect(page.getByText('Iestatījumi saglabāti.')).toBeVisible()

  await page.reload()
  await page.locator('summary', { hasText: 'Iestatījumi' }).click()
  await expect(page.getByLabel('Lasīt no atmiņas E2E lasāmā', { exact: true })).not.toBeChecked()
  await expect(page.getByLabel('Rakstīt atmiņā E2E lasāmā', { exact: true })).toBeChecked()

  await deleteMemory(page, 'E2E lasāmā')
  await deleteMemory(page, 'E2E slēgtā')
})

test('the translator settings keep a choice for that project only', async ({ page }, testInfo) => {
  await signIn(page)
  await createMemory(page, 'E2E projekta')
  await page.goto('/')
  await uploadAndOpen(page, testInfo, 'atmina.txt', 'One sentence.\n')
  await page.locator('summary', { hasText: 'Iestatījumi' }).click()
  const write = page.getByLabel('Rakstīt atmiņā E2E projekta', { exact: true })
  await expect(write).toBeChecked()
  await write.uncheck()
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Saglabāt iestatījumus', exact: true }).click()
  await expect(page.getByText('Iestatījumi saglabāti.')).toBeVisible()

  await page.reload()
  await page.locator('summary', { hasText: 'Iestatījumi' }).click()
  await expect(page.getByLabel('Rakstīt atmiņā E2E projekta', { exact: true })).not.toBeChecked()

  // The user's default is unchanged.
  await page.goto('/')
  await page.locator('summary', { hasText: 'Iestatījumi' }).click()
  await expect(page.getByLabel('Rakstīt atmiņā E2E projekta', { exact: true })).toBeChecked()
  await deleteMemory(page, 'E2E projekta')
})

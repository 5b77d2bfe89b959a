import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type BrowserContext, type Locator, type Page, type TestInfo } from '@playwright/test'

/**
 * Playwright's test with one addition: a page that throws, or logs an error to the console (a script the
 * Content-Security-Policy blocked, a failed hydration), fails the test. HTTP error statuses the tests ask for
 * on purpose (401, 403) are logged by the browser as failed loads; those are left to the tests' own checks.
 */
export const test = base.extend<{ pageErrors: void }>({
  pageErrors: [
    async ({ page }, run) => {
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`))
      page.on('console', (message) => {
        if (message.type() !== 'error') return
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return
        // Remix logs a page's data cut off by a newer navigation while it was being read (its turbo-stream decoder);
        // the router drops that page, as it should (a move made while a confirm's page was on its way).
        if (/^AbortError: signal is aborted without reason/.test(message.text())) return
        // A test that cuts the connection on purpose (the offline editor, issue 58) sees its requests fail.
        if (message.text() === 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED') return
        errors.push(`console error: ${message.text()}`)
      })
      await run()
      expect(errors, 'errors in the page').toEqual([])
    },
    { auto: true },
  ],
})
export { expect }

/** The account first-account.setup.ts creates on each project's (empty) server. */
export const firstAccount = {
  name: 'Anna Bērziņa',
  email: 'anna@example.com',
  password: 'correct horse battery staple',
} as const

/** Latvian is the default interface language; these are the texts the tests look for. */
export const lv = {
  signInTitle: 'Pieteikties',
  email: 'E-pasts',
  password: 'Parole',
  signOut: 'Iziet',
  empty: 'Lai sāktu tulkot, lūdzu, augšupielādējiet datni.',
  signedOut: 'Jūs esat izgājis no sistēmas.',
  wrongCredentials: 'Nepareizs e-pasts vai parole.',
} as const

/**
 * With JavaScript, waits until React has hydrated the page (app/root.tsx marks <html data-hydrated>). A key
 * pressed while React 18 is still hydrating a whole document can make it give up with error #345 ("Root did not
 * complete"); a test that starts with the keyboard right after a load waits for this first.
 */
export async function hydrated(page: Page, testInfo: TestInfo): Promise<void> {
  if (!isNoJs(testInfo)) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

export function isNoJs(testInfo: TestInfo): boolean {
  return testInfo.project.use.javaScriptEnabled === false
}

/**
 * Fills and submits the sign-in form on the current page (which must be the sign-in page), once the page is hydrated:
 * a submit while React still hydrates it can end in error #345 (CI, auth.spec, once).
 */
export async function submitSignIn(page: Page, email: string, password: string) {
  await hydrated(page, test.info())
  await page.getByLabel(lv.email, { exact: true }).fill(email)
  await page.getByLabel(lv.password, { exact: true }).fill(password)
  await page.getByRole('main').getByRole('button', { name: lv.signInTitle, exact: true }).click()
}

/**
 * Signs in through the form. Starts from `path` (default the file list), which sends a signed-out user to
 * the sign-in page; waits until the browser is back on that path.
 */
export async function signIn(page: Page, { path = '/', email = firstAccount.email, password = firstAccount.password } = {}) {
  await page.goto(path)
  await expect(page).toHaveURL(/\/sign-in(\?|$)/)
  await submitSignIn(page, email, password)
  await expect(page).not.toHaveURL(/\/sign-in(\?|$)/)
  // A test that navigates on at once would leave React hydrating the page it lands on (error #345 in that page).
  await hydrated(page, test.info())
}

/** Signs out with the header button and waits for the sign-in page. */
export async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: lv.signOut, exact: true }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
}

/** Signs out in another tab of the same browser: the page left open has no session any more. */
export async function signOutInAnotherTab(context: BrowserContext) {
  const elsewhere = await context.newPage()
  await elsewhere.goto('/')
  await signOut(elsewhere)
  await elsewhere.close()
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

function describeViolations(violations: AxeResults['violations']): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => `    - ${node.target.join(' ')}${node.failureSummary ? `\n      ${node.failureSummary.replace(/\n/g, '\n      ')}` : ''}`)
        .join('\n')
      return `  ${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}\n  ${violation.helpUrl}\n${nodes}`
    })
    .join('\n')
}

/**
 * Runs axe on the page as it is now and expects no violations.
 * Without JavaScript axe cannot run in the page (it hangs), so the page's HTML, minus its scripts, is served
 * into a fresh JavaScript-enabled context from the same address; stylesheets and other requests still go to
 * the server, so the scan sees the page as styled.
 */
export async function expectNoAxeViolations(page: Page, testInfo: TestInfo) {
  let results: AxeResults
  if (!isNoJs(testInfo)) {
    results = await new AxeBuilder({ page }).analyze()
  } else {
    const html = (await page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
    const url = page.url()
    const browser = page.context().browser()
    if (!browser) throw new Error('expectNoAxeViolations: the page has no browser')
    const context = await browser.newContext({ javaScriptEnabled: true, bypassCSP: true, baseURL: testInfo.project.use.baseURL })
    try {
      const scan = await context.newPage()
      await scan.route((address) => address.href === url, (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html }))
      await scan.goto(url)
      results = await new AxeBuilder({ page: scan }).analyze()
    } finally {
      await context.close()
    }
  }
  if (results.violations.length > 0) {
    await testInfo.attach('axe-violations.json', { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' })
  }
  expect(results.violations, `axe violations on ${page.url()}:\n${describeViolations(results.violations)}`).toEqual([])
}

/**
 * Uploads one text file from the file list (signed in, on `/`) and opens it in the translator once it is
 * ready. Names must differ between tests: every spec shares one database per mode.
 */
export async function uploadAndOpen(page: Page, testInfo: TestInfo, name: string, text: string) {
  if (!isNoJs(testInfo)) await expect(page.locator('form[data-enhanced="true"]')).toHaveCount(1)
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from(text) }])
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  const row = page.getByRole('row', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
  await row.getByRole('link', { name: 'Tulkot' }).click({ timeout: 30_000 })
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  return row
}

/**
 * The active segment's translation: a textarea without JavaScript, the tag editor (editable spans between
 * tag chips, named like the textarea) with it.
 */
export function targetOf(page: Page, number: string | number) {
  return page.getByLabel(`${number}. segmenta tulkojums`, { exact: true })
}

/** Where the caret goes: the textarea, or the editor's first editable span. */
export function targetInput(page: Page, testInfo: TestInfo, number: string | number) {
  const target = targetOf(page, number)
  return isNoJs(testInfo) ? target : target.locator('[contenteditable="true"]').first()
}

export async function fillTarget(page: Page, testInfo: TestInfo, number: string | number, text: string) {
  await targetInput(page, testInfo, number).fill(text)
}

export async function expectTarget(page: Page, testInfo: TestInfo, number: string | number, text: string) {
  if (isNoJs(testInfo)) await expect(targetOf(page, number)).toHaveValue(text)
  else await expect(targetOf(page, number)).toHaveText(text)
}

/**
 * Deletes every file on the file list (the specs share one account and database per mode, and several of them
 * expect an empty list). Specs that upload call it after each test, so a failed test leaves nothing behind.
 */
export async function deleteAllFiles(page: Page) {
  await deleteAllOn(page, '/')
}

/**
 * Issue 51: a file's less used actions (original, rename, new version, delete) stand in its row's menu: the link named
 * `name` in `scope`, with its menu opened when it is in a closed one (a closed menu's links are hidden to getByRole).
 */
export async function rowAction(scope: Page | Locator, name: string | RegExp, { exact = true } = {}): Promise<Locator> {
  const link = scope.getByRole('link', { name, exact, includeHidden: true }).first()
  await link.waitFor({ state: 'attached' }) // as a click would wait for it (a file still being analysed has fewer actions)
  const menu = link.locator('xpath=ancestor::details[1]')
  if ((await menu.count()) > 0 && !(await menu.evaluate((element) => (element as HTMLDetailsElement).open))) await menu.locator('summary').click()
  return scope.getByRole('link', { name, exact }).first()
}

/** Deletes everything a list page offers to delete (a "Dzēst …" link to a confirmation page per row). */
export async function deleteAllOn(page: Page, path: string) {
  await page.goto(path)
  const deleteLink = page.getByRole('main').getByRole('link', { name: /^Dzēst /, includeHidden: true })
  for (let left = await deleteLink.count(); left > 0; left = await deleteLink.count()) {
    await (await rowAction(page.getByRole('main'), /^Dzēst /, { exact: false })).click()
    await page.getByRole('button', { name: 'Dzēst', exact: true }).click()
    await expect(deleteLink).toHaveCount(left - 1)
  }
}

/** Issue 17 glossaries (the glossary and QA specs). */
export async function createGlossary(page: Page, name: string) {
  await page.goto('/glossaries')
  await page.getByLabel('Nosaukums', { exact: true }).fill(name)
  await page.getByRole('button', { name: 'Izveidot', exact: true }).click()
  await expect(page.getByText(`Glosārijs izveidots: ${name}.`)).toBeVisible()
  await expect(page.getByRole('heading', { name: new RegExp(`^${name}`), level: 1 })).toBeVisible()
}

export async function addTerm(page: Page, source: string, targets: [string, string][]) {
  const form = page.getByRole('region', { name: 'Pievienot terminu' })
  await form.getByLabel('Avota termins', { exact: true }).fill(source)
  for (const [index, [text, status]] of targets.entries()) {
    await form.getByLabel(`${index + 1}. mērķa termins`, { exact: true }).fill(text)
    await form.getByLabel(`${index + 1}. mērķa termina statuss`, { exact: true }).selectOption({ label: status })
  }
  await form.getByRole('button', { name: 'Pievienot', exact: true }).click()
  await expect(page.getByText(`Termins pievienots: ${source}.`)).toBeVisible()
}

export async function deleteGlossary(page: Page, name: string) {
  await page.goto('/glossaries')
  await page.getByRole('link', { name: `Dzēst ${name}`, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Vai dzēst šo glosāriju?' })).toBeVisible()
  await page.getByRole('button', { name: 'Dzēst', exact: true }).click()
  await expect(page.getByText(`Glosārijs dzēsts: ${name}.`)).toBeVisible()
}

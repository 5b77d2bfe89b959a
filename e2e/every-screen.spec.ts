import fs from 'node:fs'
import path from 'node:path'
import { deleteAllFiles, expect, expectNoAxeViolations, hydrated, isNoJs, signIn, test, uploadAndOpen } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/**
 * Issue 19, point 10: every screen in Latvian, English and Russian, with JavaScript on and off (the two projects), has
 * no axe violations and no raw message key. The language is set as another system on the domain would set it: an
 * ASP.NET culture cookie (point 9). The translator's comments and shortkeys panels are scanned by their own specs.
 */
const screens = (project: string) => [
  '/',
  '/exchange',
  '/memories',
  '/glossaries',
  '/settings/tokens',
  project,
  `${project}/qa`,
]

/** A raw i18next key in the page: "files:upload.hint" or "upload.hint"-style text standing alone. */
const RAW_KEY = /\b(?:common|files|translate|memories|glossaries|qa|exchange|auth|comments|editor|suggestions):[a-z][\w.-]+/

for (const [language, culture, heading] of [
  ['lv', 'c=lv-LV|uic=lv-LV', 'Datnes'],
  ['en', 'c=en-GB|uic=en-GB', 'Files'],
  ['ru', 'c=ru-RU|uic=ru-RU', 'Файлы'],
] as const) {
  test(`every screen in ${language}: no axe violations, no message keys`, async ({ page, context, baseURL }, testInfo) => {
    test.setTimeout(180_000)
    await signIn(page)
    const translator = await (async () => {
      await uploadAndOpen(page, testInfo, `ekrani-${language}.txt`, 'Open the file. Close the window.\n')
      return new URL(page.url()).pathname
    })()
    await context.addCookies([{ name: 'culture', value: encodeURIComponent(culture), url: baseURL! }])
    // Issue 19 point 11: a page's strings arrive in the one bundle its head asks for (never file by file, nor
    // the default language's files for a fallback), and only with JavaScript.
    const strings: string[] = []
    page.on('request', (request) => {
      const address = new URL(request.url())
      if (address.pathname.startsWith('/locales/')) strings.push(address.pathname)
    })
    for (const path of screens(translator)) {
      strings.length = 0
      await page.goto(path)
      await hydrated(page, testInfo)
      expect(strings, path).toEqual(isNoJs(testInfo) ? [] : [`/locales/${language}/bundle.json`])
      await expect(page.locator('html')).toHaveAttribute('lang', language)
      if (path === '/') await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
      expect(await page.locator('body').innerText(), `${path} shows a message key`).not.toMatch(RAW_KEY)
      await expectNoAxeViolations(page, testInfo)
    }
    await context.clearCookies({ name: 'culture' })
  })
}

/** Every message key of the Latvian files ("actions.confirm", "targetLabel"), plural forms by their key. */
function messageKeys(): Set<string> {
  const keys = new Set<string>()
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') keys.add(prefix.replace(/_(zero|one|two|few|many|other)$/, ''))
    else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, prefix ? `${prefix}.${key}` : key)
  }
  const folder = path.resolve(import.meta.dirname, '../public/locales/lv')
  for (const file of fs.readdirSync(folder)) walk(JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')), '')
  return keys
}

/** What the page says at this moment: each text and each accessible name given by an attribute. */
function pageStrings(): string[] {
  const strings: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim()
    if (text && node.parentElement?.localName !== 'script') strings.push(text)
  }
  for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = element.getAttribute(name)?.trim()
      if (value) strings.push(value)
    }
  }
  return strings
}

/**
 * Issue 19 point 8: raw message keys never flash. With JavaScript a link renders the next page without a new
 * document; a page whose strings were fetched only then showed its keys for a frame or two ("actions.confirm"), and
 * named the editor "targetLabel" for a screen reader. What the page says is read at every animation frame from the
 * click on (with JavaScript; without it each page is a document of its own, read once).
 */
test('moving from page to page by their links, no message key shows at any moment', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'saites.txt', 'Open the file. Close the window.\n')
  const translator = new URL(page.url()).pathname
  await page.goto('/')
  await hydrated(page, testInfo)
  const seen = new Set<string>()
  const watch = async () => {
    if (isNoJs(testInfo)) return
    await page.evaluate(`(() => {
      const read = ${pageStrings.toString()}
      window.__seen = new Set()
      const frame = () => { for (const text of read()) window.__seen.add(text); requestAnimationFrame(frame) }
      frame()
    })()`)
  }
  const record = async () => {
    const strings = isNoJs(testInfo) ? await page.evaluate(pageStrings) : ((await page.evaluate('[...window.__seen]')) as string[])
    for (const text of strings) seen.add(text)
  }
  await watch()
  await page.locator(`a[href="${translator}"]`).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'saites.txt' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: '1. segmenta tulkojums' })).toBeVisible()
  await record()
  await page.getByRole('link', { name: 'Kvalitātes pārskats' }).click()
  await expect(page).toHaveURL(/\/qa$/)
  await hydrated(page, testInfo)
  await record()
  await page.goto('/')
  await hydrated(page, testInfo)
  await page.getByText('Iestatījumi', { exact: true }).click()
  await watch()
  await page.getByRole('link', { name: 'Piekļuves pilnvaras programmām' }).click()
  await expect(page).toHaveURL(/\/settings\/tokens$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await record()
  // The interface language switched: with JavaScript the page is rendered again in the same document.
  await page.goto('/')
  await hydrated(page, testInfo)
  await watch()
  await page.getByRole('banner').getByRole('button', { name: 'English', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Files')
  await record()
  await page.getByRole('banner').getByRole('button', { name: 'Latviešu', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Datnes')
  const keys = messageKeys()
  expect(keys.has('targetLabel')).toBe(true)
  expect([...seen].filter((text) => keys.has(text) || RAW_KEY.test(text))).toEqual([])
})

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

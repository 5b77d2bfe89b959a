import fs from 'node:fs'
import { strFromU8, unzipSync } from 'fflate'
import type { Page, TestInfo } from '@playwright/test'
import { deleteAllFiles, expect, expectNoAxeViolations, fillTarget, isNoJs, rowAction, signIn, test } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/** Issue 19: the file list as a daily tool — found, filtered and sorted by GET parameters, with JavaScript on and off. */
async function uploadAll(page: Page, testInfo: TestInfo, files: { name: string; body: string | Buffer }[]) {
  if (!isNoJs(testInfo)) await expect(page.locator('form[data-enhanced="true"]')).toHaveCount(1)
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles(files.map(({ name, body }) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(body) })))
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  for (const { name } of files) {
    await expect(page.getByRole('row', { name: new RegExp(name.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).getByRole('link', { name: 'Tulkot' })).toBeVisible({ timeout: 30_000 })
  }
}

const longName = `${'garš-nosaukums-bez-atstarpēm-'.repeat(6)}.txt`

test('find, filter and sort files; the address keeps them; a delete stays on the list as it was', async ({ page }, testInfo) => {
  test.setTimeout(120_000)
  await signIn(page)
  await expect(page.getByText('Līdz 12 datnēm vienlaikus, katra līdz 1 MB.')).toBeVisible()
  await uploadAll(page, testInfo, [
    { name: 'alfa-ziņojums.txt', body: 'Pirmais teikums. Otrais teikums. Trešais teikums.' },
    { name: 'beta.txt', body: 'Viens teikums.' },
    { name: longName, body: 'Garš nosaukums.' },
  ])
  // A long name wraps in its cell: the page is no wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth))

  const search = page.getByRole('search', { name: 'Meklēt datnes' })
  await search.getByLabel('Nosaukumā ir').fill('ALFA')
  await search.getByRole('button', { name: 'Rādīt' }).click()
  await expect(page).toHaveURL(/[?&]q=ALFA/)
  await expect(page.getByRole('row')).toHaveCount(2) // the header and alfa
  await page.reload()
  await expect(page.getByRole('search').getByLabel('Nosaukumā ir')).toHaveValue('ALFA')
  await expect(page.getByRole('row', { name: /alfa-ziņojums\.txt/ })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  await page.getByRole('link', { name: 'Rādīt visas datnes' }).click()
  await page.getByRole('search').getByLabel('Kārtot pēc').selectOption('words')
  await page.getByRole('search').getByLabel('Secība').selectOption('desc')
  await page.getByRole('search').getByRole('button', { name: 'Rādīt' }).click()
  await expect(page).toHaveURL(/sort=words/)
  const names = page.getByRole('row').locator('.file-name > a')
  await expect(names.first()).toHaveText('alfa-ziņojums.txt')
  await page.getByRole('search').getByLabel('Stāvoklis').selectOption('done')
  await page.getByRole('search').getByRole('button', { name: 'Rādīt' }).click()
  await expect(page.getByText('Neviena datne neatbilst.')).toBeVisible()
  await page.getByRole('search').getByLabel('Stāvoklis').selectOption('progress')
  await page.getByRole('search').getByRole('button', { name: 'Rādīt' }).click()
  await expect(names).toHaveCount(3)

  // Renaming keeps the extension, and the list as it was.
  await (await rowAction(page, 'Pārdēvēt alfa-ziņojums.txt')).click()
  await page.getByLabel('Jaunais nosaukums').fill('alfa-atskaite.pdf')
  await page.getByRole('button', { name: 'Pārdēvēt', exact: true }).click()
  await expect(page.getByRole('alert')).toHaveText('Nosaukumam jābeidzas ar .txt: tas ir datnes formāts.')
  await expectNoAxeViolations(page, testInfo)
  await page.getByLabel('Jaunais nosaukums').fill('alfa-atskaite.txt')
  await page.getByRole('button', { name: 'Pārdēvēt', exact: true }).click()
  await expect(page.getByRole('status')).toHaveText('“alfa-ziņojums.txt” tagad ir “alfa-atskaite.txt”.')
  await expect(page).toHaveURL(/sort=words/)
  await expect(names.first()).toHaveText('alfa-atskaite.txt')

  // Deleting keeps the list as it was (order and filter in the address).
  await (await rowAction(page, 'Dzēst beta.txt')).click()
  const confirm = page.getByRole('button', { name: 'Dzēst', exact: true })
  if (!isNoJs(testInfo)) await expect(page.getByRole('dialog').getByRole('button', { name: 'Atcelt' })).toBeFocused()
  await confirm.click()
  await expect(page.getByRole('row', { name: /beta\.txt/ })).toHaveCount(0)
  await expect(page).toHaveURL(/sort=words.*state=progress|state=progress.*sort=words/)
  await expect(names).toHaveCount(2)
})

test('a Windows-1257 text is read, shows its encoding and downloads in it, named with the target language', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signIn(page)
  const latvian = 'Šī ir vecā sistēmā rakstīta datne ar garumzīmēm: ģimenē, ķēķis, ļoti.\n'
  const bytes = Buffer.from([...latvian].map((char) => {
    const code = new Map([...Array(256).keys()].map((byte) => [new TextDecoder('windows-1257').decode(Uint8Array.of(byte)), byte])).get(char)
    return code ?? 0x3f
  }))
  await uploadAll(page, testInfo, [{ name: 'baltu.txt', body: bytes }])
  const row = page.getByRole('row', { name: /baltu\.txt/ })
  await expect(row).toContainText('Kodējums: Windows-1257')
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: 'Tulkojums' }).click()])
  expect(download.suggestedFilename()).toBe('baltu.lv.txt')
  expect(fs.readFileSync((await download.path())!)).toEqual(bytes)
})

test('Russian is offered as a target language after Latvian and English', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signIn(page)
  const target = page.getByLabel('Mērķa valoda')
  await expect(target.locator('option').nth(2)).toHaveText('krievu')
  await target.selectOption('ru')
  if (isNoJs(testInfo)) {
    // Without JavaScript the language choice is part of the upload form itself.
    await expect(target).toHaveValue('ru')
  }
  await uploadAll(page, testInfo, [{ name: 'uz-krievu.txt', body: 'Labdien.' }])
  await expect(page.getByRole('row', { name: /uz-krievu\.txt/ }).getByRole('cell').nth(1)).toHaveText('en - ru')

  // The Russian table (its longest labels) fits a window 800 px wide: no sideways scrolling, every action in view.
  await page.setViewportSize({ width: 800, height: 700 })
  await page.getByRole('banner').getByRole('button', { name: 'Русский', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  const row = page.getByRole('row', { name: /uz-krievu\.txt/ })
  await expect(row.getByRole('link', { name: 'Переводить' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(800)
  const table = await page.getByRole('table').boundingBox()
  expect(table!.x + table!.width).toBeLessThanOrEqual(800)
  for (const cell of await row.getByRole('cell').all()) {
    const box = await cell.boundingBox()
    expect(box!.x + box!.width, await cell.innerText()).toBeLessThanOrEqual(800)
  }
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('banner').getByRole('button', { name: 'Latviešu', exact: true }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'lv')
})

test('selected files: their translations as one ZIP, and deleted together after a confirmation', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signIn(page)
  await uploadAll(page, testInfo, [
    { name: 'pirmā.txt', body: 'Pirmā datne.' },
    { name: 'otrā.txt', body: 'Otrā datne.' },
  ])
  await page.getByRole('checkbox', { name: 'Atlasīt pirmā.txt' }).check()
  await page.getByRole('checkbox', { name: 'Atlasīt otrā.txt' }).check()
  await expect(page.getByLabel('Eksportēt kā')).toHaveValue('zip')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Eksportēt', exact: true }).click()])
  const files = unzipSync(fs.readFileSync((await download.path())!))
  expect(Object.keys(files).sort()).toEqual(['otrā.lv.txt', 'pirmā.lv.txt'])
  expect(strFromU8(files['pirmā.lv.txt']!)).toBe('Pirmā datne.')

  await page.getByRole('checkbox', { name: 'Atlasīt pirmā.txt' }).check()
  await page.getByRole('checkbox', { name: 'Atlasīt otrā.txt' }).check()
  await page.getByRole('button', { name: 'Dzēst atlasītās' }).click()
  await expect(page.getByText('Vai tiešām dzēst šīs 2 datnes?')).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Dzēst 2 datnes' }).click()
  await expect(page.getByRole('status')).toHaveText('Dzēstas 2 datnes.')
  await expect(page.getByText('Lai sāktu tulkot, lūdzu, augšupielādējiet datni.')).toBeVisible()
})

test('a new version of a file keeps the translations of its unchanged segments', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signIn(page)
  await uploadAll(page, testInfo, [{ name: 'versija.txt', body: 'Open the file.\n\nClose the window.\n' }])
  const row = page.getByRole('row', { name: /versija\.txt/ })
  await row.getByRole('link', { name: 'Tulkot' }).click()
  await fillTarget(page, testInfo, 1, 'Atveriet datni.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Open the file/ })).toContainText('Apstiprināts')
  await page.getByRole('link', { name: 'Atpakaļ uz datņu sarakstu' }).first().click()

  await (await rowAction(page, 'Augšupielādēt datnes versija.txt jaunu versiju')).click()
  await page.getByLabel('Jaunā versija', { exact: true }).setInputFiles({ name: 'versija.txt', mimeType: 'text/plain', buffer: Buffer.from('Open the file.\n\nClose the door.\n') })
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Augšupielādēt jauno versiju' }).click()
  await expect(page.getByRole('status')).toContainText('jaunā versija tiek sagatavota')
  // One file again once the new version is ready: the earlier one is replaced.
  await expect(page.getByRole('row', { name: /versija\.txt/ }).getByRole('link', { name: 'Tulkot' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('row', { name: /versija\.txt/ })).toHaveCount(1, { timeout: 30_000 })
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('row', { name: /versija\.txt/ }).getByRole('link', { name: 'Tulkojums' }).click()])
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe('Atveriet datni.\n\nClose the door.\n')
  // Issue 50: the row says what came over, and the earlier version is kept: brought back, the newer one is kept instead.
  await expect(page.getByRole('row', { name: /versija\.txt/ })).toContainText('No iepriekšējās versijas pārnests: 1 apstiprināts tulkojums.')
  await page.getByRole('link', { name: 'Datnes versija.txt iepriekšējā versija' }).click()
  await expect(page.getByRole('heading', { name: 'Datnes “versija.txt” iepriekšējā versija', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Atjaunot iepriekšējo versiju' }).click()
  await expect(page.getByRole('status')).toContainText('iepriekšējā versija atjaunota')
  const [earlier] = await Promise.all([page.waitForEvent('download'), rowAction(page.getByRole('row', { name: /versija\.txt/ }), 'Oriģināls').then((link) => link.click())])
  expect(fs.readFileSync((await earlier.path())!, 'utf8')).toBe('Open the file.\n\nClose the window.\n')
  await page.getByRole('link', { name: 'Datnes versija.txt iepriekšējā versija' }).click()
  await page.getByRole('button', { name: 'Dzēst iepriekšējo versiju' }).click()
  await expect(page.getByRole('status')).toContainText('iepriekšējā versija dzēsta')
  await expect(page.getByRole('link', { name: 'Datnes versija.txt iepriekšējā versija' })).toHaveCount(0)
})

test('the files picked stay picked when the languages are swapped', async ({ page }, testInfo) => {
  test.setTimeout(90_000)
  await signIn(page)
  if (!isNoJs(testInfo)) await expect(page.locator('form[data-enhanced="true"]')).toHaveCount(1)
  await page.getByLabel('Izvēlieties datnes', { exact: true }).setInputFiles([
    { name: 'pirms-maiņas.txt', mimeType: 'text/plain', buffer: Buffer.from('Labdien, pasaule.') },
    { name: 'otra-pirms-maiņas.txt', mimeType: 'text/plain', buffer: Buffer.from('Otrā datne.') },
  ])
  await page.getByRole('button', { name: 'Samainīt avota un mērķa valodu' }).click()
  await expect(page.getByLabel('Avota valoda')).toHaveValue('lv')
  await expect(page.getByLabel('Mērķa valoda')).toHaveValue('en')
  if (isNoJs(testInfo)) {
    // The page came back: the files are held, ticked; one is unticked and stays out.
    const held = page.getByRole('group', { name: 'Jau izvēlētās datnes' })
    await expect(held.getByRole('checkbox')).toHaveCount(2)
    await expect(held.getByRole('checkbox', { name: 'pirms-maiņas.txt', exact: true })).toBeChecked()
    await held.getByRole('checkbox', { name: 'otra-pirms-maiņas.txt' }).uncheck()
    await expectNoAxeViolations(page, testInfo)
  } else {
    await page.getByRole('list', { name: 'Datnes, kas gaida analīzi' }).getByRole('button', { name: 'Noņemt otra-pirms-maiņas.txt no rindas' }).click()
  }
  await page.getByRole('button', { name: 'Analizēt', exact: true }).click()
  const row = page.getByRole('row').filter({ has: page.locator('.file-name > a', { hasText: /^pirms-maiņas\.txt$/ }) })
  await expect(row.getByRole('link', { name: 'Tulkot' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('row', { name: /otra-pirms-maiņas/ })).toHaveCount(0)
  await expect(row.getByRole('cell').nth(1)).toHaveText('lv - en')
  // Nothing is held any more.
  await expect(page.getByRole('group', { name: 'Jau izvēlētās datnes' })).toHaveCount(0)
})

/**
 * Issue 51: with JavaScript the file list, once idle, loads the translator's scripts, so that opening a file waits only
 * for its data and its render (bench/low-end, "opened from the file list"); without JavaScript there is nothing to load.
 */
test('the file list prepares the translator’s scripts while it is idle', async ({ page }, testInfo) => {
  const translatorScript = /\/build\/routes\/translate\.\$projectId\.\$password-[^/]*\.js$/
  const requested: string[] = []
  page.on('request', (request) => {
    if (translatorScript.test(decodeURIComponent(new URL(request.url()).pathname))) requested.push(request.url())
  })
  await signIn(page)
  if (isNoJs(testInfo)) {
    await page.waitForLoadState('networkidle')
    expect(requested).toEqual([])
    return
  }
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await expect.poll(() => requested.length, { timeout: 10_000 }).toBe(1)
})

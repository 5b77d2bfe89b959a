import type { Route } from '@playwright/test'
import { deleteAllFiles, expect, expectNoAxeViolations, fillTarget, hydrated, isNoJs, signIn, targetInput, targetOf, test, uploadAndOpen } from './helpers'

/**
 * Issue 58, the translator's daily tools, with JavaScript and without: a confirm fills the segment's repetitions and
 * says so, repetitions are marked in the grid, and the segment filter narrows the list (part of the address) with next
 * and previous staying inside it.
 */
test.afterEach(async ({ page }) => deleteAllFiles(page))

test('a confirm fills its repetitions; the filter shows only repetitions or unconfirmed segments', async ({ page }, testInfo) => {
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'ikdiena.txt', 'Open the file.\nClose it.\nOpen the file.\nSave it.\nOpen the file.\n')
  await hydrated(page, testInfo)
  const rows = page.locator('.segment-table tbody tr')
  const repetition = 'Atkārtojums: tāds pats avots ir vēl citur datnē'
  await expect(rows.nth(0).getByRole('img', { name: repetition })).toBeVisible()
  await expect(rows.nth(1).getByRole('img', { name: repetition })).toHaveCount(0)

  await fillTarget(page, testInfo, 1, 'Atveriet datni.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.locator('.flash-region')).toHaveText('1. segments apstiprināts; aizpildīti 2 atkārtojumi.', { timeout: 15_000 })
  for (const index of [2, 4]) {
    await expect(rows.nth(index)).toContainText('Atveriet datni.')
    await expect(rows.nth(index)).toContainText('Apstiprināts')
  }
  await expect(rows.nth(1)).toHaveClass(/segment-active/)
  await expectNoAxeViolations(page, testInfo)

  // The filter: a select in the search row; with JavaScript a choice applies at once, without it the Search button does.
  const choose = async (label: string) => {
    const details = page.locator('details.search-toggle')
    if ((await details.getAttribute('open')) === null) await details.locator('summary').click()
    await page.getByLabel('Rādīt', { exact: true }).selectOption({ label })
    if (isNoJs(testInfo)) await page.getByRole('button', { name: 'Meklēt', exact: true }).click()
  }
  await choose('Atkārtojumus')
  await expect(page).toHaveURL(/filter=repetitions/)
  await expect(page.locator('.search-banner')).toContainText('Atrasti 3 segmenti')
  await expect(rows).toHaveCount(3)
  await choose('Neapstiprinātos')
  await expect(page).toHaveURL(/filter=unconfirmed/)
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toContainText('Close it.')
  await expect(rows.nth(1)).toContainText('Save it.')
  await expectNoAxeViolations(page, testInfo)

  // Next stays inside the filter (here: the next unconfirmed is the same); it keeps the filter in the address.
  await expect(targetOf(page, 2)).toBeVisible()
  await page.getByRole('button', { name: 'Nākamais neapstiprinātais', exact: true }).click()
  await expect(targetOf(page, 4)).toBeVisible()
  await expect(page).toHaveURL(/filter=unconfirmed/)
  await expect(rows).toHaveCount(2)

  // The project's setting: propagation off, kept.
  const settings = page.locator('details.toolbar-menu').filter({ has: page.getByText('Iestatījumi', { exact: true }) })
  await settings.locator('summary').click()
  await settings.getByLabel('Apstiprinot segmentu, aizpildīt tā atkārtojumus').uncheck()
  await settings.getByRole('button', { name: 'Saglabāt iestatījumus' }).click()
  await expect(page.locator('.flash-region')).toContainText('saglabāti')
  await settings.locator('summary').click()
  await expect(settings.getByLabel('Apstiprinot segmentu, aizpildīt tā atkārtojumus')).not.toBeChecked()
})

test('a 100% match between the same neighbours is offered as a 101% context match, first, and kept as one', async ({ page }, testInfo) => {
  const lines = 'Open the lid.\nPress the button.\nClose the lid.\n'
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'konteksts.txt', lines)
  await page.getByRole('button', { name: 'Rediģēt 2. segmentu' }).click()
  await fillTarget(page, testInfo, 2, 'Nospiediet pogu.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.locator('.flash-region')).toHaveText('2. segments apstiprināts.', { timeout: 15_000 })

  await page.goto('/')
  await uploadAndOpen(page, testInfo, 'konteksts-2.txt', lines)
  await page.getByRole('button', { name: 'Rediģēt 2. segmentu' }).click()
  const suggestions = page.getByRole('list', { name: 'Tulkošanas atmiņas ieteikumi' })
  await expect(suggestions.getByRole('listitem').first()).toContainText('101% konteksta atbilstība')
  await expectNoAxeViolations(page, testInfo)
  if (isNoJs(testInfo)) {
    await suggestions.getByRole('button', { name: 'Izmantot ieteikumu 1' }).click()
  } else {
    await targetInput(page, testInfo, 2).click()
    await page.keyboard.press('Control+1')
  }
  await expect(page.getByRole('row').filter({ has: targetOf(page, 2) }).locator('.segment-status')).toContainText('TA 101%')
})

test('length limits: a subtitle line’s 42 and the project’s own, counted beside the source and warned of', async ({ page }, testInfo) => {
  const noJs = isNoJs(testInfo)
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'titri.srt', '1\n00:00:01,000 --> 00:00:03,000\nThis line is short enough for the screen.\n\n2\n00:00:04,000 --> 00:00:06,000\nAnother one.\n')
  await hydrated(page, testInfo)
  const count = page.locator('tr.segment-active .length-count')
  await expect(count).toHaveAttribute('title', 'Rakstzīmju skaits — avots: 41, tulkojums: 0; garākā rinda: 0 no 42')
  const long = 'Šī rinda ir daudz garāka nekā četrdesmit divas zīmes.'
  await fillTarget(page, testInfo, 1, long)
  // With JavaScript the count follows the typing; without it, the page counts what the server holds.
  if (!noJs) {
    await expect(count.locator('[aria-hidden="true"]')).toHaveText(`41 → ${long.length} ↵${long.length}/42`)
    await expect(count).toHaveClass(/length-over/)
  }
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  const first = page.getByRole('row', { name: /This line is short/ })
  await expect(first.getByRole('img', { name: `1 brīdinājums: Rinda garāka par ierobežojumu: ${long.length}/42 rakstzīmes` })).toBeVisible({ timeout: 15_000 })
  await expectNoAxeViolations(page, testInfo)

  // The project's own limit, in the settings.
  await page.getByText('Iestatījumi', { exact: true }).click()
  await page.getByLabel('Rakstzīmes segmentā, ne vairāk kā', { exact: true }).fill('10')
  await page.getByRole('button', { name: 'Saglabāt iestatījumus', exact: true }).click()
  await expect(page.getByText('Iestatījumi saglabāti.')).toBeVisible()
  await expect(count).toHaveAttribute('title', /ierobežojums: 10/)
  await fillTarget(page, testInfo, 2, 'Vēl viena rinda.')
  if (!noJs) await expect(count.locator('[aria-hidden="true"]')).toHaveText('12 → 16/10 ↵16/42')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Another one/ }).getByRole('img', { name: '1 brīdinājums: Garāks par ierobežojumu: 16/10 rakstzīmes' })).toBeVisible({
    timeout: 15_000,
  })
})

test('find and replace: a preview, replace all, undo as one step; replace one at a time', async ({ page }, testInfo) => {
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'aizstat.txt', 'Open the file.\nClose the file.\nRead the manual.\n')
  await hydrated(page, testInfo)
  const rows = page.locator('.segment-table tbody tr')
  for (const [number, text] of [
    [1, 'Atveriet datni.'],
    [2, 'Aizveriet datni.'],
  ] as const) {
    await fillTarget(page, testInfo, number, text)
    await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
    await expect(rows.nth(number - 1)).toContainText('Apstiprināts')
  }
  const menu = page.locator('details.find-replace')
  await menu.locator('summary').click()
  await menu.getByLabel('Atrast tulkojumos').fill('datni')
  await menu.getByLabel('Aizstāt ar').fill('failu')
  await menu.getByRole('button', { name: 'Aizstāt visus…' }).click()
  await expect(menu.getByText('Mainīsies 2 segmenti:')).toBeVisible()
  await expect(menu.locator('.replace-preview li')).toHaveText(['1. Atveriet failu.', '2. Aizveriet failu.'])
  // The preview changed nothing.
  await expect(rows.nth(0)).toContainText('Atveriet datni.')
  await expectNoAxeViolations(page, testInfo)
  await menu.getByRole('button', { name: 'Aizstāt 2 segmentos' }).click()
  await expect(page.locator('.flash-region')).toHaveText('Aizstāts 2 segmentos.')
  await expect(rows.nth(0)).toContainText('Atveriet failu.')
  await expect(rows.nth(0)).toContainText('Apstiprināts')
  await expect(rows.nth(1)).toContainText('Aizveriet failu.')

  await menu.getByRole('button', { name: 'Atsaukt to (2 segmenti)' }).click()
  await expect(page.locator('.flash-region')).toHaveText('Aizstāšana atsaukta: atjaunoti 2 segmenti.')
  await expect(rows.nth(0)).toContainText('Atveriet datni.')
  await expect(rows.nth(1)).toContainText('Aizveriet datni.')

  // One at a time: Find next goes to the next translation holding the text; Replace changes it and goes on.
  await rows.nth(2).locator('td').first().click()
  await expect(rows.nth(2)).toHaveClass(/segment-active/)
  await menu.getByRole('button', { name: 'Atrast nākamo' }).click()
  await expect(rows.nth(0)).toHaveClass(/segment-active/)
  await menu.getByRole('button', { name: 'Aizstāt', exact: true }).click()
  await expect(page.locator('.flash-region')).toHaveText('Aizstāts 1. segmentā.')
  await expect(rows.nth(0)).toContainText('Atveriet failu.')
  await expect(rows.nth(1)).toHaveClass(/segment-active/)
  await expect(rows.nth(1)).toContainText('Aizveriet datni.')
  await expectNoAxeViolations(page, testInfo)
})

/**
 * Issue 58 point 8 (JavaScript): when the server cannot be reached the editor keeps taking edits and confirms, keeps them
 * in the browser through a reload, says "offline — N changes waiting", and sends them in order once the server answers:
 * nothing lost, nothing applied twice.
 */
test('through a dropped connection, edits and confirms wait in the browser and reach the server in order', async ({ page }, testInfo) => {
  test.skip(isNoJs(testInfo), 'without JavaScript every confirm is a page, which a dropped connection does not load')
  await signIn(page)
  const sources = ['One.', 'Two.', 'Three.', 'Four.', 'Five.', 'Six.']
  await uploadAndOpen(page, testInfo, 'bezsaiste.txt', `${sources.join('\n')}\n`)
  await hydrated(page, testInfo)
  const base = new URL(page.url()).pathname
  const [, projectId, projectPassword] = base.match(/^\/translate\/(\d+)\/([^/]+)/) ?? []
  // The server unreachable for the editor's writes and the page's data (the document itself still loads on a reload).
  const cut = (route: Route) => route.abort('internetdisconnected')
  await page.route('**/save', cut)
  await page.route('**/*.data*', cut)
  for (let number = 1; number <= 5; number++) {
    await fillTarget(page, testInfo, number, `Tulkojums ${number}.`)
    await page.keyboard.press('Control+Enter')
    await expect(targetInput(page, testInfo, number + 1)).toBeFocused()
  }
  const waiting = page.locator('.writes-waiting')
  await expect(waiting).toHaveText(/^Bezsaistē — gaida \d+ izmaiņ/)
  await expectNoAxeViolations(page, testInfo)
  await page.reload()
  await hydrated(page, testInfo)
  await expect(waiting).toHaveText(/^Bezsaistē — gaida \d+ izmaiņ/, { timeout: 15_000 })
  await page.unroute('**/save', cut)
  await page.unroute('**/*.data*', cut)
  await expect(waiting).toHaveText('', { timeout: 30_000 })
  const answer = await page.request.post('/segments', { form: { projectId: projectId!, projectPassword: projectPassword!, step: '100' } })
  const stored = ((await answer.json()) as { segments: { translation: string; status: string }[] }).segments
  expect(stored.map((segment) => [segment.translation, segment.status])).toEqual([
    ...[1, 2, 3, 4, 5].map((number) => [`Tulkojums ${number}.`, 'TRANSLATED']),
    ['', 'NEW'],
  ])
})

test('copy the source to every empty segment, then undo it as one step', async ({ page }, testInfo) => {
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'kopija.txt', 'Tulks 2.0\nRead the manual.\nISO 17100\n')
  await hydrated(page, testInfo)
  const rows = page.locator('.segment-table tbody tr')
  const menu = page.locator('details.toolbar-menu').filter({ has: page.getByText('Pirmstulkošana', { exact: true }) })
  await menu.locator('summary').click()
  await menu.getByRole('button', { name: 'Kopēt avotu visos tukšajos segmentos' }).click()
  await expect(page.locator('.flash-region')).toHaveText('Avots nokopēts 3 tukšajos segmentos kā melnraksti.')
  await expect(rows.nth(2)).toContainText('Melnraksts')
  await expect(rows.nth(2).locator('td').nth(1)).toContainText('ISO 17100')
  await menu.locator('summary').click()
  await expectNoAxeViolations(page, testInfo)
  await menu.getByRole('button', { name: 'Atsaukt kopēšanu (3 segmenti)' }).click()
  await expect(page.locator('.flash-region')).toHaveText('Kopēšana atsaukta: 3 segmenti atkal ir tukši.')
  await expect(rows.nth(2)).toContainText('Nav tulkots')
})

import type { Locator, Page } from '@playwright/test'
import { deleteAllFiles, expect, expectNoAxeViolations, fillTarget, isNoJs, signIn, targetInput, targetOf, test, uploadAndOpen } from './helpers'

test.afterEach(async ({ page }) => deleteAllFiles(page))

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user walks the page; fails after `most`. */
async function tabTo(page: Page, target: Locator, { back = false, most = 120 } = {}) {
  await target.waitFor()
  for (let step = 0; step < most; step++) {
    if (await target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement))) return
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  }
  throw new Error(`${target} not reached with ${most} presses of ${back ? 'Shift+Tab' : 'Tab'}`)
}

/** The polite live region the root layout keeps in every page (components/flash-message.tsx). */
const announced = (page: Page) => page.locator('.flash-region[role="status"]')

/**
 * Issue 19 point 10: a translator who uses no mouse translates and confirms three segments, inserts a tag and uses a
 * memory suggestion, and hears each save. With JavaScript the hotkeys do it (Ctrl+Alt+1 inserts the tag, Ctrl+1 takes
 * the suggestion, Ctrl+Enter confirms and puts the caret in the next segment); without, Tab reaches the textarea and
 * the buttons, and the tag is typed as the text it stands for.
 */
test('translate and confirm three segments, insert a tag and use a suggestion with the keyboard only', async ({ page }, testInfo) => {
  const noJs = isNoJs(testInfo)
  // The memory the suggestion comes from (set up the usual way; the keyboard-only part starts in the translator).
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'tastatura-atmina.txt', 'Zebra crossing 12 lights ahead.\n')
  await fillTarget(page, testInfo, 1, 'Zebras pārejai 12 gaismas priekšā.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Apstiprināts/ })).toBeVisible()
  await page.goto('/')
  await uploadAndOpen(page, testInfo, 'tastatura.html', '<p>Open the <b>file</b> now.</p>\n<p>Zebra crossing 14 lights ahead.</p>\n<p>Close the door.</p>\n')
  await expectNoAxeViolations(page, testInfo)
  const confirm = page.getByRole('button', { name: 'Apstiprināt', exact: true })

  // Segment 1: the tag pair goes in with Ctrl+Alt+1 around the word typed inside it.
  await tabTo(page, targetInput(page, testInfo, 1))
  if (noJs) {
    await page.keyboard.type('Atveriet <b1>datni</b1> tagad.')
    await tabTo(page, confirm, { back: true })
    await page.keyboard.press('Enter')
  } else {
    await page.keyboard.type('Atveriet ')
    await page.keyboard.press('Control+Alt+1')
    await page.keyboard.type('datni')
    // The arrow steps over the closing chip.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.type(' tagad.')
    await expect(page.locator('#editor-active-span')).toBeFocused()
    await page.keyboard.press('Control+Enter')
  }
  await expect(announced(page)).toHaveText('1. segments apstiprināts.')

  // Segment 2: the memory's 97% match, taken with Ctrl+1 (or its button), then confirmed.
  await expect(targetOf(page, 2)).toBeVisible()
  if (noJs) {
    await tabTo(page, page.getByRole('button', { name: 'Izmantot ieteikumu 1' }))
    await page.keyboard.press('Enter')
  } else {
    await expect(targetInput(page, testInfo, 2)).toBeFocused()
    await page.keyboard.press('Control+1')
  }
  await expect(announced(page)).toHaveText('Segmentā 2 ielikts 97% ieteikums un saglabāts kā melnraksts.')
  if (noJs) {
    await tabTo(page, confirm)
    await page.keyboard.press('Enter')
  } else {
    await page.keyboard.press('Control+Enter')
  }
  await expect(announced(page)).toHaveText('2. segments apstiprināts.')

  // Segment 3: typed and confirmed.
  await expect(targetOf(page, 3)).toBeVisible()
  if (noJs) {
    await tabTo(page, targetInput(page, testInfo, 3))
    await page.keyboard.type('Aizveriet durvis.')
    await tabTo(page, confirm, { back: true })
    await page.keyboard.press('Enter')
  } else {
    await expect(targetInput(page, testInfo, 3)).toBeFocused()
    await page.keyboard.type('Aizveriet durvis.')
    await page.keyboard.press('Control+Enter')
  }
  await expect(announced(page)).toHaveText('3. segments apstiprināts.')

  // All three are stored as typed, the tag included, and confirmed.
  const rows = page.getByRole('row').filter({ has: page.locator('.segment-status') })
  await expect(rows).toHaveCount(3)
  for (const row of await rows.all()) await expect(row.locator('.segment-status')).toContainText('Apstiprināts')
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText('Atveriet <b1>datni</b1> tagad.')
  await expect(rows.nth(0).locator('td').nth(1).getByRole('img', { name: 'atverošais tags b1' })).toBeVisible()
  await expect(rows.nth(1)).toContainText('Zebras pārejai 14 gaismas priekšā.')
  await expect(rows.nth(1).locator('.segment-status')).toContainText('TA 97%')
  await expect(rows.nth(2)).toContainText('Aizveriet durvis.')
  await expect(page.getByText(/Iztulkoti 100\s?% no 3 segmentiem/)).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

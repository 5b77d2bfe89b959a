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
  // The memory the suggestion comes from (set up the usual way; the keyboard-only part starts in the translator). The
  // sentences are this spec's own: the specs share one memory, and others count the suggestions they get.
  await signIn(page)
  await uploadAndOpen(page, testInfo, 'tastatura-atmina.txt', 'Purple kayak number 12 floats downstream.\n')
  await fillTarget(page, testInfo, 1, 'Violetais kajaks numur 12 peld lejup.')
  await page.getByRole('button', { name: 'Apstiprināt', exact: true }).click()
  await expect(page.getByRole('row', { name: /Apstiprināts/ })).toBeVisible()
  // The server's word (a confirm goes on before it, confirm-ahead.ts): the next file's suggestions need the unit.
  await expect(page.locator('.flash-region')).toHaveText('1. segments apstiprināts.')
  await page.goto('/')
  await uploadAndOpen(page, testInfo, 'tastatura.html', '<p>Keep the <b>sketch</b> nearby.</p>\n<p>Purple kayak number 14 floats downstream.</p>\n<p>Feed the tortoise slowly.</p>\n')
  await expectNoAxeViolations(page, testInfo)
  const confirm = page.getByRole('button', { name: 'Apstiprināt', exact: true })

  // Segment 1: the tag pair goes in with Ctrl+Alt+1 around the word typed inside it.
  await tabTo(page, targetInput(page, testInfo, 1))
  if (noJs) {
    await page.keyboard.type('Turiet <b1>skici</b1> tuvumā.')
    await tabTo(page, confirm, { back: true })
    await page.keyboard.press('Enter')
  } else {
    await page.keyboard.type('Turiet ')
    await page.keyboard.press('Control+Alt+1')
    await page.keyboard.type('skici')
    // The arrow steps over the closing chip.
    await page.keyboard.press('ArrowRight')
    await page.keyboard.type(' tuvumā.')
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
    await page.keyboard.type('Barojiet bruņurupuci lēnām.')
    await tabTo(page, confirm, { back: true })
    await page.keyboard.press('Enter')
  } else {
    await expect(targetInput(page, testInfo, 3)).toBeFocused()
    await page.keyboard.type('Barojiet bruņurupuci lēnām.')
    await page.keyboard.press('Control+Enter')
  }
  await expect(announced(page)).toHaveText('3. segments apstiprināts.')

  // All three are stored as typed, the tag included, and confirmed.
  const rows = page.getByRole('row').filter({ has: page.locator('.segment-status') })
  await expect(rows).toHaveCount(3)
  for (const row of await rows.all()) await expect(row.locator('.segment-status')).toContainText('Apstiprināts')
  await expect(rows.nth(0).locator('td').nth(1)).toHaveText('Turiet <b1>skici</b1> tuvumā.')
  await expect(rows.nth(0).locator('td').nth(1).getByRole('img', { name: 'atverošais tags b1' })).toBeVisible()
  await expect(rows.nth(1)).toContainText('Violetais kajaks numur 14 peld lejup.')
  await expect(rows.nth(1).locator('.segment-status')).toContainText('TA 97%')
  await expect(rows.nth(2)).toContainText('Barojiet bruņurupuci lēnām.')
  await expect(page.getByText(/Iztulkoti 100\s?% no 3 segmentiem/)).toBeVisible()
  await expectNoAxeViolations(page, testInfo)
})

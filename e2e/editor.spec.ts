import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, isNoJs, test } from './helpers'

/**
 * The translator's browser editor (SPEC §4 "Editor", §3 tags, §9 hotkeys) in a real browser, before any route
 * mounts it: e2e/editor-harness/harness.tsx is bundled with esbuild and loaded into a blank page. JavaScript
 * only: without scripts the translator shows a textarea, which e2e/translate.spec.ts covers.
 */
const SOURCE = 'Click <g1>here</g1> now<x2/>'
const TARGET = 'Spied <g1>šeit</g1> tagad'

let script = ''
const stylesheet = fs.readFileSync(path.resolve('app/styles/app.css'), 'utf8')

test.beforeAll(async () => {
  const bundle = await build({
    entryPoints: [path.resolve('e2e/editor-harness/harness.tsx')],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'warning',
  })
  script = bundle.outputFiles[0]!.text
})

test.beforeEach(({ page }, testInfo) => {
  void page
  test.skip(isNoJs(testInfo), 'the editor needs JavaScript; the no-JS textarea is tested in translate.spec.ts')
})

async function open(page: Page, { source = SOURCE, target = TARGET } = {}) {
  const harness = JSON.stringify({ source, target, changes: [], invalid: 0, keys: [] }).replace(/</g, '\\u003c')
  await page.setContent(
    `<!doctype html><html lang="lv"><head><meta charset="utf-8"><title>Redaktors</title><style>${stylesheet}</style></head>` +
      `<body><div id="root"></div><script>window.harness = ${harness}</script><script>${script.replace(/<\/script/gi, '<\\/script')}</script></body></html>`,
  )
  await expect(editor(page).locator('[data-span]')).not.toHaveCount(0)
}

const editor = (page: Page) => page.getByRole('textbox', { name: 'Tulkojums' })
const value = (page: Page) => page.locator('#value')
const harness = <T,>(page: Page, read: () => T) => page.evaluate(read)

/** Puts the caret at `offset` in the editable span with index `span`. */
async function caretAt(page: Page, span: number, offset: number) {
  await page.evaluate(
    ([span, offset]) => {
      const element = document.querySelector<HTMLElement>(`[data-span="${span}"]`)!
      element.focus()
      const range = document.createRange()
      const text = element.firstChild ?? element
      range.setStart(text, offset)
      range.collapse(true)
      document.getSelection()!.removeAllRanges()
      document.getSelection()!.addRange(range)
    },
    [span, offset] as const,
  )
}

test('shows the target as text spans between tag chips, and passes axe', async ({ page }, testInfo) => {
  await open(page)
  const box = editor(page)
  await expect(box).toHaveAttribute('aria-multiline', 'false')
  await expect(box).toHaveAttribute('lang', 'lv')
  await expect(box.locator('[data-span]')).toHaveCount(3)
  await expect(box.locator('[contenteditable="true"]')).toHaveCount(3)
  await expect(box.getByRole('img', { name: 'atverošais tags g1' })).toHaveText('<g1>')
  await expect(box.getByRole('img', { name: 'aizverošais tags g1' })).toHaveAttribute('contenteditable', 'false')
  await expect(page.locator('#source').getByRole('img', { name: 'tags x2' })).toHaveText('<x2/>')
  // The unused tag of the source is offered as a button.
  await expect(page.getByRole('group', { name: 'Neizmantotie tagi' }).getByRole('button')).toHaveText(['Ievietot <x2/>'])
  await caretAt(page, 2, 2)
  await expectNoAxeViolations(page, testInfo)
})

test('typing is accepted; Enter is blocked and Ctrl+Enter reaches the page', async ({ page }) => {
  await open(page)
  await caretAt(page, 2, 6)
  await page.keyboard.type(' labi')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad labi')
  await page.keyboard.press('Enter')
  await page.keyboard.press('Control+Enter')
  await page.keyboard.press('Shift+Enter')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad labi')
  expect(await editor(page).evaluate((element) => (element as HTMLElement).innerText.includes('\n'))).toBe(false)
  expect(await harness(page, () => window.harness.keys.filter((key) => key.endsWith('Enter')))).toEqual(['Enter', 'Ctrl+Enter', 'Shift+Enter'])
  // Typed markup stays text: it is escaped, not a tag.
  await page.keyboard.type(' <g1>')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad labi &lt;g1>')
  expect(await harness(page, () => window.harness.invalid)).toBe(0)
})

test('a space typed is a space, never a no-break space: before a chip, doubled, at the end', async ({ page }) => {
  // A contenteditable whose white space collapses makes such spaces U+00A0, which the translation then kept.
  await open(page)
  await caretAt(page, 0, 6)
  await page.keyboard.type(' ')
  await caretAt(page, 2, 6)
  await page.keyboard.type('  labi ')
  await expect.poll(() => value(page).evaluate((element) => element.textContent)).toBe('Spied  <g1>šeit</g1> tagad  labi ')
})

test('paste inserts plain text on one line', async ({ page }) => {
  await open(page)
  await caretAt(page, 0, 6)
  await page.evaluate(() => {
    const data = new DataTransfer()
    data.setData('text/plain', 'vienu\nreizi ')
    data.setData('text/html', '<b>vienu</b><br>reizi ')
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  await expect(value(page)).toHaveText('Spied vienu reizi <g1>šeit</g1> tagad')
  await expect(editor(page).locator('b, br')).toHaveCount(0)
  expect(await page.evaluate(() => window.harness.editor!.caretOffset())).toBe(18)
})

test('arrows cross the chips; the active span carries the fixed id', async ({ page }) => {
  await open(page)
  await caretAt(page, 1, 0)
  await expect(page.locator('#editor-active-span')).toHaveAttribute('data-span', '1')
  await page.keyboard.press('ArrowLeft')
  await expect(page.locator('#editor-active-span')).toHaveAttribute('data-span', '0')
  expect(await page.evaluate(() => window.harness.editor!.caretOffset())).toBe(6)
  await page.keyboard.press('ArrowLeft')
  expect(await page.evaluate(() => window.harness.editor!.caretOffset())).toBe(5)
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.locator('#editor-active-span')).toHaveAttribute('data-span', '1')
  await page.keyboard.press('End')
  await page.keyboard.press('ArrowRight')
  await expect(page.locator('#editor-active-span')).toHaveAttribute('data-span', '2')
  expect(await page.evaluate(() => window.harness.editor!.caretOffset())).toBe(10)
  await expect(page.locator('[data-span][tabindex="0"]')).toHaveCount(1)
})

test('a span emptied between two chips stays on the line and takes typing', async ({ page }) => {
  await open(page)
  await caretAt(page, 1, 4)
  for (let step = 0; step < 4; step++) await page.keyboard.press('Backspace')
  await expect(value(page)).toHaveText('Spied <g1></g1> tagad')
  await expect(editor(page).locator('br')).toHaveCount(0)
  // One more Backspace is at the start of the span, right after the opening chip: refused.
  await page.keyboard.press('Backspace')
  expect(await harness(page, () => window.harness.invalid)).toBe(1)
  await caretAt(page, 1, 0)
  await page.keyboard.type('te')
  await expect(value(page)).toHaveText('Spied <g1>te</g1> tagad')
})

test('Ctrl+Alt+1 and the button insert unused tags; deleting half a pair is refused', async ({ page }) => {
  await open(page)
  await caretAt(page, 2, 6)
  await page.keyboard.press('Control+Alt+1')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad<x2/>')
  await expect(page.getByRole('group', { name: 'Neizmantotie tagi' })).toHaveCount(0)
  // Backspace right after the standalone chip removes it: still valid.
  await page.keyboard.press('Backspace')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad')
  // Backspace right after the opening chip would leave the closing alone: refused, content kept.
  await caretAt(page, 1, 0)
  await page.keyboard.press('Backspace')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad')
  await expect(editor(page).getByRole('img')).toHaveCount(2)
  expect(await harness(page, () => window.harness.invalid)).toBe(1)
  // Delete before a chip likewise.
  await caretAt(page, 1, 4)
  await page.keyboard.press('Delete')
  expect(await harness(page, () => window.harness.invalid)).toBe(2)
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad')
  // The button inserts at the caret remembered in the editor.
  await caretAt(page, 0, 5)
  await page.getByRole('button', { name: 'Ievietot <x2/>' }).click()
  await expect(value(page)).toHaveText('Spied<x2/> <g1>šeit</g1> tagad')
  await expect(page.locator('#editor-active-span')).toBeFocused()
})

test('a pair wraps the selection; a cleared value offers every tag again', async ({ page }) => {
  await open(page, { target: 'Spied šeit tagad' })
  await expect(page.getByRole('group', { name: 'Neizmantotie tagi' }).getByRole('button')).toHaveText(['Ievietot <g1></g1>', 'Ievietot <x2/>'])
  await caretAt(page, 0, 6)
  // The focus has settled in the span (its active mark set) before keys extend the selection: a key pressed while
  // the editor still handles the focus was once lost here.
  await expect(page.locator('#editor-active-span')).toBeFocused()
  await page.keyboard.down('Shift')
  for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowRight')
  await page.keyboard.up('Shift')
  await page.keyboard.press('Control+Alt+1')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad')
  await page.getByRole('button', { name: 'Notīrīt' }).click()
  await expect(editor(page)).toHaveText('')
  await expect(page.getByRole('group', { name: 'Neizmantotie tagi' }).getByRole('button')).toHaveCount(2)
  // An empty pair goes in at the caret, and typing lands inside it.
  await page.evaluate(() => window.harness.editor!.focus())
  await page.keyboard.press('Control+Alt+1')
  await page.keyboard.type('x')
  await expect(value(page)).toHaveText('<g1>x</g1>')
})

test('Ctrl+Z undoes and Ctrl+R redoes without reloading the page', async ({ page }) => {
  await open(page)
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
  await caretAt(page, 2, 6)
  await page.keyboard.type('!')
  await page.keyboard.press('Control+Alt+1')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad!<x2/>')
  await page.keyboard.press('Control+z')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad!')
  await page.keyboard.press('Control+z')
  await expect(value(page)).toHaveText(TARGET)
  await page.keyboard.press('Control+r')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad!')
  await page.keyboard.press('Control+r')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> tagad!<x2/>')
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
  expect(await page.evaluate(() => window.harness.editor!.value())).toBe('Spied <g1>šeit</g1> tagad!<x2/>')
})

test('hovering a chip lights up every chip of that tag, source and target', async ({ page }) => {
  await open(page)
  const g1 = page.locator('.tag-g-1')
  await expect(g1).toHaveCount(4)
  await page.locator('#source').getByRole('img', { name: 'aizverošais tags g1' }).hover()
  await expect(page.locator('.tag-g-1.tag-hover')).toHaveCount(4)
  await expect(page.locator('.tag-x-2-self.tag-hover')).toHaveCount(0)
  await page.getByRole('heading', { name: 'Redaktors' }).hover()
  await expect(page.locator('.tag-hover')).toHaveCount(0)
  await editor(page).getByRole('img', { name: 'atverošais tags g1' }).hover()
  await expect(page.locator('.tag-g-1.tag-hover')).toHaveCount(4)
})

test('the caret is remembered when the focus leaves and comes back', async ({ page }) => {
  await open(page)
  await caretAt(page, 2, 3)
  await page.getByRole('button', { name: 'Ievietot <x2/>' }).focus()
  await page.keyboard.press('Shift+Tab')
  await expect(page.locator('#editor-active-span')).toBeFocused()
  expect(await page.evaluate(() => window.harness.editor!.caretOffset())).toBe(13)
  await page.keyboard.type('-')
  await expect(value(page)).toHaveText('Spied <g1>šeit</g1> ta-gad')
})

test('a selection across chips is edited without losing them', async ({ page }) => {
  await open(page)
  await page.evaluate(() => {
    const range = document.createRange()
    range.setStart(document.querySelector('[data-span="0"]')!.firstChild!, 3)
    range.setEnd(document.querySelector('[data-span="2"]')!.firstChild!, 2)
    document.querySelector<HTMLElement>('[data-span="0"]')!.focus()
    document.getSelection()!.removeAllRanges()
    document.getSelection()!.addRange(range)
  })
  await page.keyboard.press('Backspace')
  await page.keyboard.type('Z')
  // Each span is its own editing host: Chromium edits the first one only, and no chip is lost.
  await expect(value(page)).toHaveText(/^[^<]*Z[^<]*<g1>[^<]*<\/g1>[^<]*$/)
  expect(await harness(page, () => window.harness.invalid)).toBe(0)
})

test('is as tall as its text: it grows a line at a time, shrinks back, and follows a narrower window', async ({ page }) => {
  await open(page, { source: 'Click here', target: 'Spied' })
  const box = editor(page)
  // How far the content reaches below the editor's bottom edge (none of it may be cut off), and its height.
  const measure = () =>
    box.evaluate((element) => {
      const last = element.querySelector('[data-span]:last-of-type')!.getBoundingClientRect()
      const outer = element.getBoundingClientRect()
      return { height: outer.height, overflow: last.bottom - outer.bottom }
    })
  const short = await measure()
  await caretAt(page, 0, 5)
  await page.keyboard.type(' un vēl viens garš teikums'.repeat(12))
  // The editor takes its new height in the frame after the last key (CI once measured it before that frame).
  await expect.poll(async () => (await measure()).height).toBeGreaterThan(short.height * 2)
  const long = await measure()
  expect(long.overflow).toBeLessThanOrEqual(0)
  await page.setViewportSize({ width: 500, height: 800 })
  await expect.poll(async () => (await measure()).height).toBeGreaterThan(long.height)
  expect((await measure()).overflow).toBeLessThanOrEqual(0)
  await page.keyboard.press('Control+a')
  await page.keyboard.press('Backspace')
  await expect(value(page)).toHaveText('')
  await expect.poll(async () => (await measure()).height).toBe(short.height)
})

import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import {
  addTerm,
  createGlossary,
  deleteAllFiles,
  deleteAllOn,
  deleteGlossary,
  expect,
  expectNoAxeViolations,
  expectTarget,
  firstAccount,
  hydrated,
  isNoJs,
  signIn,
  signOutInAnotherTab,
  submitSignIn,
  targetInput,
  test,
  uploadAndOpen,
} from './helpers'

/**
 * Glossaries (issue 17, UI), with JavaScript and without: a glossary is created, filled by hand, from TBX and from a
 * mapped CSV, searched, edited, exported and deleted; in the translator its terms are marked in the source, listed
 * with their statuses and inserted into the translation. Every glossary made here is deleted again.
 */
test.afterEach(async ({ page }) => {
  await deleteAllFiles(page)
  // A failed test leaves its glossaries behind; the next would find their terms too.
  await deleteAllOn(page, '/glossaries')
})

const fixtures = path.resolve(import.meta.dirname, '../test/fixtures/glossaries')

async function importFile(page: Page, file: string) {
  await page.getByLabel('TBX, CSV vai TSV datne', { exact: true }).setInputFiles(file)
  await page.getByRole('button', { name: 'Importēt', exact: true }).click()
}

test('a glossary is filled by hand, from TBX and from a mapped CSV, then searched, edited, exported and deleted', async ({ page }, testInfo) => {
  await signIn(page, { path: '/glossaries' })
  await expect(page.getByRole('heading', { name: 'Glosāriji', level: 1 })).toBeVisible()
  await createGlossary(page, 'E2E IT')
  await addTerm(page, 'keyboard', [
    ['tastatūra', 'ieteicams'],
    ['klaviatūra', 'novecojis'],
  ])
  const terms = page.getByRole('table', { name: 'Glosārija E2E IT termini' })
  await expect(terms.getByRole('row', { name: /keyboard/ })).toContainText('klaviatūra (novecojis)')
  await expectNoAxeViolations(page, testInfo)

  await importFile(page, path.join(fixtures, 'basic-2008.tbx'))
  await expect(page.getByText('Datnes basic-2008.tbx imports sākts; tā gaita redzama zemāk.')).toBeVisible()
  await expect(page.getByText('Importēti 2 jēdzieni.')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText('3 jēdzieni', { exact: true })).toBeVisible()

  // A CSV asks which column holds what first.
  await importFile(page, path.join(fixtures, 'glossary.csv'))
  await expect(page.getByRole('heading', { name: 'Kura kolonna ko satur?', level: 1 })).toBeVisible()
  await expect(page.getByLabel('3. kolonna: Latvian', { exact: true })).toHaveValue('target')
  await page.getByLabel('5. kolonna: Definition', { exact: true }).selectOption({ label: 'Piezīme' })
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Importēt ar šīm kolonnām', exact: true }).click()
  await expect(page.getByRole('listitem').filter({ hasText: 'glossary.csv' })).toContainText(/Importēti 2 jēdzieni\. Izlaists 1 ieraksts/, { timeout: 30_000 })

  await page.getByLabel('Meklēt terminu', { exact: true }).fill('datne')
  await page.getByRole('button', { name: 'Meklēt', exact: true }).click()
  await expect(terms.getByRole('row')).toHaveCount(2)
  await page.getByRole('link', { name: 'Labot file "name"', exact: true }).click()
  // The glossary page has a "1. mērķa termins" of its own (the add form): wait for the edit page.
  await expect(page.getByRole('heading', { name: 'Labot terminu', level: 1 })).toBeVisible()
  await page.getByLabel('1. mērķa termins', { exact: true }).fill('datnes vārds')
  await page.getByRole('button', { name: 'Saglabāt', exact: true }).click()
  await expect(page.getByText('Termins saglabāts: file "name".')).toBeVisible()

  await page.goto('/glossaries')
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Eksportēt E2E IT kā TBX', exact: true }).click()])
  const exported = fs.readFileSync((await download.path())!, 'utf8')
  expect(exported).toContain('<term>klaviatūra</term><termNote type="administrativeStatus">supersededTerm-admn-sts</termNote>')
  expect(exported).toContain('<term>datnes vārds</term>')
  await deleteGlossary(page, 'E2E IT')
})

test('the translator marks a glossary’s terms in the source, lists them and inserts one', async ({ page }, testInfo) => {
  await signIn(page, { path: '/glossaries' })
  await createGlossary(page, 'E2E termini')
  await addTerm(page, 'computer', [
    ['dators', 'ieteicams'],
    ['skaitļotājs', 'novecojis'],
  ])
  await page.goto('/')
  await uploadAndOpen(page, testInfo, 'termini.txt', 'The computers are on.\n')
  await expect(page.locator('mark.term-mark', { hasText: 'computers' })).toHaveAttribute('title', 'Glosārija termins: dators, skaitļotājs (novecojis)')
  const list = page.getByRole('region', { name: 'Termini', exact: true })
  await expect(list).toContainText('skaitļotājs (novecojis)')
  await expectNoAxeViolations(page, testInfo)
  await list.getByRole('button', { name: 'Ievietot dators (Ctrl+Shift+1)', exact: true }).click()
  // Without JavaScript the form adds it and says so; with it the term goes in at the caret.
  if (isNoJs(testInfo)) await expect(page.getByText('1. segmentā ievietots termins: dators.')).toBeVisible()
  await expectTarget(page, testInfo, 1, 'dators')
  if (!isNoJs(testInfo)) {
    await targetInput(page, testInfo, 1).press('End')
    await targetInput(page, testInfo, 1).pressSequentially(' un ')
    await page.keyboard.press('Control+Shift+1')
    await expectTarget(page, testInfo, 1, 'dators un dators')
  }

  // SPEC §9 Shift+Enter searches the glossaries (a click without JavaScript), inflected forms too.
  await page.getByLabel('Termins vai tā daļa', { exact: true }).fill('datoram')
  if (isNoJs(testInfo)) await page.getByRole('button', { name: 'Meklēt glosārijos', exact: true }).click()
  else await page.getByLabel('Termins vai tā daļa', { exact: true }).press('Shift+Enter')
  await expect(page.getByText('Atrasts 1 jēdziens vaicājumam „datoram”.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Ievietot skaitļotājs', exact: true })).toBeVisible()
  await expectNoAxeViolations(page, testInfo)

  // A term from the translator: words of the segment and their translation, into a glossary the project writes to.
  await page.getByText('Pievienot terminu glosārijam', { exact: true }).click()
  await page.getByLabel('Avota termins', { exact: true }).fill('on')
  // The browser asks for the missing target term before anything is sent.
  await page.getByRole('button', { name: 'Pievienot terminu', exact: true }).click()
  await expect(page.getByLabel('Mērķa termins', { exact: true })).toBeFocused()
  await page.getByLabel('Mērķa termins', { exact: true }).fill('ieslēgts')
  await page.getByRole('button', { name: 'Pievienot terminu', exact: true }).click()
  await expect(page.getByText('Termins pievienots glosārijam E2E termini: on → ieslēgts.')).toBeVisible()
  await expect(page.locator('mark.term-mark', { hasText: /^on$/ })).toHaveAttribute('title', 'Glosārija termins: ieslēgts')
  await deleteGlossary(page, 'E2E termini')
})

test('with JavaScript, Tab takes the word the glossary or the top suggestion offers, Esc puts it away', async ({ page }, testInfo) => {
  test.skip(isNoJs(testInfo), 'autocomplete needs JavaScript (docs/quality.md says so)')
  await signIn(page, { path: '/glossaries' })
  await createGlossary(page, 'E2E automātiski')
  await addTerm(page, 'computer', [['datorsistēma', 'ieteicams']])
  await page.goto('/')
  await uploadAndOpen(page, testInfo, 'automātiski.txt', 'The computer is on.\n')
  const input = targetInput(page, testInfo, 1)
  await input.pressSequentially('Jauna dat')
  await expect(page.getByRole('status').filter({ hasText: 'Ieteikums:' })).toHaveText('Ieteikums: datorsistēma — Tab pieņem, Esc aizver')
  await page.keyboard.press('Tab')
  await expectTarget(page, testInfo, 1, 'Jauna datorsistēma')
  await input.pressSequentially(' da')
  await expect(page.getByRole('status').filter({ hasText: 'Ieteikums:' })).toHaveText('Ieteikums: datorsistēma — Tab pieņem, Esc aizver')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('status').filter({ hasText: 'Ieteikums:' })).toHaveCount(0)
  await page.keyboard.press('Tab')
  await expect(page.locator('.autocomplete-hint')).toHaveText('')
  await deleteGlossary(page, 'E2E automātiski')
})

/** A term added from the translator after the session ended (signed out in another tab) is kept through signing in. */
test('a term added when the session had ended comes back after signing in', async ({ page, context }, testInfo) => {
  await signIn(page, { path: '/glossaries' })
  await createGlossary(page, 'E2E sesija')
  await page.goto('/')
  await uploadAndOpen(page, testInfo, `termins-sesija-${Date.now()}.txt`, 'The lamp is on.\n')
  await page.getByText('Pievienot terminu glosārijam', { exact: true }).click()
  await page.getByLabel('Avota termins', { exact: true }).fill('lamp')
  await page.getByLabel('Mērķa termins', { exact: true }).fill('lampa')
  await signOutInAnotherTab(context)

  await page.getByRole('button', { name: 'Pievienot terminu', exact: true }).click()
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=/)
  await expect(page.getByRole('status').filter({ hasText: 'tas, ko saglabājāt, nav zudis' })).toBeVisible()
  await submitSignIn(page, firstAccount.email, firstAccount.password)
  await hydrated(page, testInfo)
  await expect(page.getByText('Jūsu sesija beidzās, pirms šis termins tika pievienots.', { exact: false })).toBeVisible()
  await expect(page.getByLabel('Avota termins', { exact: true })).toHaveValue('lamp')
  await expect(page.getByLabel('Mērķa termins', { exact: true })).toHaveValue('lampa')
  await expectNoAxeViolations(page, testInfo)
  await page.getByRole('button', { name: 'Pievienot terminu', exact: true }).click()
  await expect(page.getByText('Termins pievienots glosārijam E2E sesija: lamp → lampa.')).toBeVisible()
  await expect(page.locator('mark.term-mark', { hasText: /^lamp$/ })).toHaveAttribute('title', 'Glosārija termins: lampa')
  await deleteGlossary(page, 'E2E sesija')
})

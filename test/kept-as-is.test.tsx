import i18next from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { KeptNote } from '~/components/kept-note'
import { builtFiles } from '~/lib/formats/completeness/structures'
import type { KeptText } from '~/lib/formats/types'
import { listProjects } from '~/lib/projects/projects.server'
import filesEn from '../public/locales/en/files.json'
import filesLv from '../public/locales/lv/files.json'
import filesRu from '../public/locales/ru/files.json'
import { signedInUser } from './accounts'
import { withTestDatabase } from './database'
import { readyProject } from './ready-project'

/** Issue 57 point 4: a file that keeps texts as they are (a hidden sheet, a chart…) says so in the file list and the translator. */
withTestDatabase()

const built = (name: string) => builtFiles().find((file) => file.name === name)!

describe('texts kept as they are', () => {
  it('are counted when the file converts, and the file list has them; a file that keeps nothing says nothing', async () => {
    const owner = (await signedInUser('paliek@example.lv')).user
    const xlsx = built('structures.xlsx')
    const { project } = await readyProject(owner.id, xlsx.name, xlsx.bytes)
    expect(project.status).toBe('READY')
    expect(project.keptAsIs).toEqual([
      { kind: 'hidden sheet', name: 'Prices', texts: 1, items: 1 }, // "On both sheets" is translated on the visible one
      { kind: 'comment', texts: 1, items: 1 },
      { kind: 'drawing', texts: 1, items: 1 },
      { kind: 'chart', texts: expect.any(Number), items: 1 },
    ])
    const plain = await readyProject(owner.id, 'plain.txt', 'Nothing hidden here.\n')
    expect(plain.project.keptAsIs).toBeNull()
    const { projects } = await listProjects(owner.id, 1, 10)
    expect(projects.map((row) => [row.name, row.keptAsIs === null ? null : row.keptAsIs.length])).toEqual([
      ['plain.txt', null],
      ['structures.xlsx', 4],
    ])
  })

  const kept: KeptText[] = [
    { kind: 'hidden sheet', name: 'Prices', texts: 2, items: 1 },
    { kind: 'chart', texts: 1, items: 1 },
    { kind: 'comment', texts: 21, items: 21 },
    { kind: 'SmartArt', texts: 5, items: 2 },
  ]
  it.each([
    ['en', filesEn, '29 texts are kept as they are (not translated): hidden sheet “Prices”, 1 chart, 21 comments, 2 SmartArt graphics.'],
    ['lv', filesLv, '29 teksti paliek, kā ir (netiek tulkoti): slēptā lapa “Prices”, 1 diagramma, 21 komentārs, 2 SmartArt grafikas.'],
    ['ru', filesRu, '29 текстов остаются как есть (не переводятся): скрытый лист «Prices», 1 диаграмма, 21 комментарий, 2 рисунка SmartArt.'],
  ])('are named in %s, with each plural', async (language, files, sentence) => {
    const i18n = i18next.createInstance()
    await i18n.use(initReactI18next).init({ lng: language, resources: { [language]: { files } }, interpolation: { escapeValue: false } })
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        <KeptNote kept={kept} language={language} />
      </I18nextProvider>,
    )
    expect(html).toBe(`<span class="file-status kept-note" role="note">${sentence}</span>`)
    expect(renderToStaticMarkup(<I18nextProvider i18n={i18n}><KeptNote kept={[]} language={language} /></I18nextProvider>)).toBe('')
  })
})

import i18next from 'i18next'
import { renderToStaticMarkup } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { beforeAll, describe, expect, it } from 'vitest'
import editorEn from '../../../public/locales/en/editor.json'
import { TagEditor } from './tag-editor'
import { TaggedText } from './tagged-text'

/** The server render: the segment table shows tagged text without any script. */
const i18n = i18next.createInstance()

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { editor: editorEn } }, interpolation: { escapeValue: false } })
})

const render = (element: JSX.Element) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>)

describe('TaggedText on the server', () => {
  it.each([
    ['plain', '<span class="tagged-text">plain</span>'],
    [
      'Click <g1>here</g1>',
      '<span class="tagged-text">Click <span class="tag tag-g-1" data-tag="tag-g-1" role="img" aria-label="opening tag g1" lang="en">&lt;g1&gt;</span>here' +
        '<span class="tag tag-g-1" data-tag="tag-g-1" role="img" aria-label="closing tag g1" lang="en">&lt;/g1&gt;</span></span>',
    ],
    [
      'a<x2/><ph3/>',
      '<span class="tagged-text">a<span class="tag tag-x-2-self" data-tag="tag-x-2-self" role="img" aria-label="tag x2" lang="en">&lt;x2/&gt;</span>' +
        '<span class="tag tag-ph-3-self" data-tag="tag-ph-3-self" role="img" aria-label="placeholder ph3" lang="en">&lt;ph3/&gt;</span></span>',
    ],
    ['a &lt;g1> b', '<span class="tagged-text">a &lt;g1&gt; b</span>'],
  ])('%j', (text, html) => {
    expect(render(<TaggedText text={text} />)).toBe(html)
  })

  it('carries the language', () => {
    expect(render(<TaggedText text="x" lang="lv" />)).toBe('<span lang="lv" class="tagged-text">x</span>')
  })
})

describe('TagEditor on the server', () => {
  it('renders the named, empty container (the browser builds the spans)', () => {
    expect(render(<TagEditor value="a<x1/>" source="<x1/>" label="Translation of segment 1" lang="lv" />)).toBe(
      '<div role="textbox" aria-multiline="false" aria-label="Translation of segment 1" lang="lv" class="tag-editor" tabindex="-1"><div class="tag-editor-text"></div></div>',
    )
  })
})

import { type SrxRule } from '../srx'
import { beforeNumber, neverFinal, ruleSet, wordStart } from './patterns'

const r = String.raw

/** Titles and Latin abbreviations that are followed by more of the sentence, even by a capital. */
const neverFinalWords = [
  'Mr.', 'Mrs.', 'Ms.', 'Messrs.', 'Mmes.', 'Mme.', 'Mlle.', 'Dr.', 'Drs.', 'Prof.', 'Profs.', 'St.', 'Mt.',
  'Ft.', 'Rev.', 'Revd.', 'Fr.', 'Hon.', 'Gen.', 'Col.', 'Capt.', 'Lt.', 'Sgt.', 'Maj.', 'Adm.', 'Cmdr.',
  'Gov.', 'Sen.', 'Rep.', 'Pres.', 'Supt.', 'Insp.', 'Det.', 'Sr.', 'Mx.',
  'e.g.', 'i.e.', 'vs.', 'viz.', 'cf.', 'approx.', 'ca.', 'incl.', 'esp.', 'resp.', 'v.', 'w/o.',
]

/** Abbreviations that announce a number; before a word they can end a sentence ("No. I won't."). */
const numberWords = [
  'No.', 'Nos.', 'N°.', 'Nr.', 'Fig.', 'Figs.', 'p.', 'pp.', 'Vol.', 'Vols.', 'Ch.', 'Chap.', 'Sec.', 'Art.',
  'Para.', 'Eq.', 'Eqs.', 'Ref.', 'Tel.', 'Ext.', 'Jan.', 'Feb.', 'Mar.', 'Apr.', 'Jun.', 'Jul.', 'Aug.',
  'Sep.', 'Sept.', 'Oct.', 'Nov.', 'Dec.', 'Ed.', 'Pt.', 'Tab.', 'Apt.', 'Rm.', 'Bldg.',
]

/** Words that usually open an English sentence: after an acronym they mean the acronym ended it. */
const sentenceOpeners = [
  'A', 'After', 'All', 'An', 'And', 'As', 'At', 'But', 'By', 'Did', 'Do', 'Does', 'For', 'From', 'He', 'Her',
  'His', 'How', 'However', 'I', 'If', 'In', 'It', 'Its', 'Many', 'More', 'Most', 'My', 'Not', 'Now', 'Our',
  'She', 'So', 'Some', 'That', 'The', 'Their', 'Then', 'There', 'These', 'They', 'This', 'Those', 'Today',
  'We', 'What', 'When', 'Where', 'Which', 'While', 'Who', 'Why', 'Yet', 'You', 'Your',
]

const breaks: SrxRule[] = [
  // "I live in the U.S. How about you?" — yet "the U.S. Government" stays whole.
  {
    break: true,
    before: r`(?:\p{Lu}\.){2,8}`,
    after: r`\s+(?:${sentenceOpeners.join('|')})(?![\p{L}\p{N}])`,
  },
  // "you and I. Did you see…": the pronoun ends a sentence, unlike the initial in "Albert I. Jones".
  { break: true, before: r`${wordStart}\p{Ll}{1,20}\s{1,3}I\.`, after: r`\s+\p{Lu}` },
]

export const englishRules: SrxRule[] = ruleSet({
  breaks,
  exceptions: [neverFinal(neverFinalWords), beforeNumber(numberWords)],
})

import { type SrxRule } from '../srx'
import { beforeNumber, neverFinal, ruleSet, wordStart } from './patterns'

/** For languages without their own rules: the shared structure and abbreviations common across Europe. */
export const defaultRules: SrxRule[] = ruleSet({
  exceptions: [
    // Many languages mark ordinals with a dot ("3. Oktober", "3. lokakuuta", "3. října"), often before a
    // capital: a one- or two-digit number with a dot is read as an ordinal.
    { break: false, before: String.raw`${wordStart}\p{N}{1,2}\.`, after: String.raw`\s+\p{Lu}` },
    neverFinal(['Dr.', 'Prof.', 'Mr.', 'Mrs.', 'Ms.', 'St.', 'e.g.', 'i.e.', 'vs.', 'cf.', 'ca.', 'approx.']),
    beforeNumber(['No.', 'Nr.', 'N°.', 'Fig.', 'p.', 'pp.', 'Art.', 'Vol.', 'Tel.']),
  ],
})

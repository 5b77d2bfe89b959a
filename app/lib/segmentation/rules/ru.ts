import { type SrxRule } from '../srx'
import { beforeNumber, insideGuillemets, neverFinal, ruleSet, wordStart } from './patterns'

const r = String.raw

/**
 * Russian abbreviations followed by more of the sentence even before a capital: "т.е.", "г. Москва",
 * "ул. Ленина", "им. Пушкина", "проф. Иванов", "1990-х гг. Россия". "и т.д.", "и т.п.", "и др." end lists
 * and often sentences, so before a capital they break like "etc.".
 */
const neverFinalWords = [
  'т.е.', 'т.к.', 'т.н.', 'т.о.', 'т.ч.', 'т.ск.', 'напр.', 'см.', 'ср.', 'им.', 'ул.', 'пр.', 'пр-т.', 'просп.',
  'пер.', 'пл.', 'наб.', 'ш.', 'д.', 'г.', 'гг.', 'пгт.', 'пос.', 'с.', 'дер.', 'ст.', 'р-н.', 'оз.',
  'проф.', 'акад.', 'доц.', 'чл.-корр.', 'канд.', 'докт.', 'д-р.', 'гр.', 'тов.', 'г-н.', 'г-жа.', 'св.',
  'ок.', 'англ.', 'лат.', 'греч.', 'нем.', 'франц.', 'фр.', 'рус.', 'букв.', 'вкл.', 'искл.', 'тыс.',
  'млн.', 'млрд.', 'трлн.',
]

const numberWords = [
  'рис.', 'стр.', 'табл.', 'гл.', 'ч.', 'п.', 'пп.', 'абз.', 'разд.', 'вып.', 'т.', 'кв.', 'корп.',
  'тел.', 'прил.', 'руб.', 'коп.', 'долл.', 'мин.', 'сек.', 'мм.', 'куб.', '№.',
]

const breaks: SrxRule[] = [
  // "и т.д.", "и т. п.", "и др.": a list ends here; before a capital so does the sentence ("д." alone is "дом").
  { break: true, before: r`${wordStart}(?:т\.\s?[дп]|и\s{1,3}(?:др|пр))\.`, after: r`\s+\p{Lu}` },
]

export const russianRules: SrxRule[] = ruleSet({
  breaks,
  exceptions: [neverFinal(neverFinalWords), beforeNumber(numberWords), insideGuillemets],
})

/**
 * Engines name languages in ISO 639-3 (Apertium: `eng`, `spa`, `eng_US`); our projects use two-letter ISO 639-1
 * codes (en, es, lv) and SPEC §2 filters systems by the first two letters. Pure.
 */
const TWO_LETTER: Readonly<Record<string, string>> = {
  afr: 'af', ara: 'ar', arg: 'an', aze: 'az', bel: 'be', bre: 'br', bul: 'bg', cat: 'ca', ces: 'cs', cym: 'cy',
  dan: 'da', deu: 'de', ell: 'el', eng: 'en', epo: 'eo', est: 'et', eus: 'eu', fao: 'fo', fin: 'fi', fra: 'fr',
  gle: 'ga', glg: 'gl', heb: 'he', hin: 'hi', hrv: 'hr', hun: 'hu', isl: 'is', ita: 'it', jpn: 'ja', kaz: 'kk',
  kir: 'ky', kor: 'ko', lat: 'la', lav: 'lv', lit: 'lt', mkd: 'mk', mlt: 'mt', nld: 'nl', nno: 'nn', nob: 'nb',
  oci: 'oc', pol: 'pl', por: 'pt', ron: 'ro', rus: 'ru', slk: 'sk', slv: 'sl', spa: 'es', sqi: 'sq', srd: 'sc',
  srp: 'sr', swe: 'sv', tat: 'tt', tur: 'tr', ukr: 'uk', urd: 'ur', uzb: 'uz', zho: 'zh',
}

/**
 * `eng` → `en`, `eng_US` → `en-US`, `cat_valencia` → `ca-valencia`; a code without a two-letter form, or one
 * that already is one, comes back as given (lower-case language part).
 */
export function toProjectLanguage(code: string): string {
  const [language = '', ...variant] = code.trim().split(/[_-]/)
  const base = TWO_LETTER[language.toLowerCase()] ?? language.toLowerCase()
  return variant.length > 0 ? `${base}-${variant.join('-')}` : base
}

/**
 * Gettext's Plural-Forms per language (the values its own documentation and the GNU translation teams use): how many
 * forms a plural entry has in the target language and the expression a PO header declares for them.
 */
const ONE = 'nplurals=1; plural=0;'
const TWO = 'nplurals=2; plural=(n != 1);'
const EAST_SLAVIC = 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);'
const WEST_SLAVIC = 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;'

const EXPRESSIONS: Record<string, string> = {
  lv: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2);',
  lt: 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : 2);',
  ru: EAST_SLAVIC,
  uk: EAST_SLAVIC,
  be: EAST_SLAVIC,
  sr: EAST_SLAVIC,
  hr: EAST_SLAVIC,
  bs: EAST_SLAVIC,
  pl: 'nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);',
  cs: WEST_SLAVIC,
  sk: WEST_SLAVIC,
  sl: 'nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);',
  ro: 'nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2);',
  ga: 'nplurals=5; plural=n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4;',
  ar: 'nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;',
  fr: 'nplurals=2; plural=(n > 1);',
  tr: 'nplurals=2; plural=(n > 1);',
  ja: ONE,
  zh: ONE,
  ko: ONE,
  vi: ONE,
  th: ONE,
  id: ONE,
}

export function pluralFormsOf(language: string): { count: number; expression: string } {
  const expression = EXPRESSIONS[language.slice(0, 2).toLowerCase()] ?? TWO
  return { count: Number(/nplurals=(\d+)/.exec(expression)![1]), expression }
}

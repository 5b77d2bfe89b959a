/**
 * Issue 19: the translation is named with its language before the extension — report.docx → report.lv.docx; a name
 * that already ends in the source language's code gets the target's instead (report.en.docx → report.lv.docx).
 */
export function translatedName(name: string, sourceLang: string, targetLang: string): string {
  const dot = name.lastIndexOf('.')
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
  const languageSuffix = new RegExp(`[._-]${sourceLang}$`, 'i')
  const base = languageSuffix.test(stem) ? stem.slice(0, -sourceLang.length - 1) : stem
  return `${base}.${targetLang}${extension}`
}

/**
 * DESIGN.md "Word count": words are Unicode word segments (Intl.Segmenter, isWordLike) of the tag-free text.
 * Pure; one segmenter per language, reused (creating one is far slower than using it).
 */
const segmenters = new Map<string, Intl.Segmenter>()

export function countWords(text: string, language: string): number {
  let segmenter = segmenters.get(language)
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: 'word' })
    segmenters.set(language, segmenter)
  }
  let words = 0
  for (const piece of segmenter.segment(text)) if (piece.isWordLike) words++
  return words
}

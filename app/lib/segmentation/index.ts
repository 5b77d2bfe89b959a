/** Sentence segmentation (DESIGN.md "Segmentation"): pure, browser-safe, lossless. */
export { breakOffsets, LONGEST_SEGMENT, MAX_SEGMENT_CHARACTERS, segmentText } from './segment-text'
export { segmentTokens } from './segment-tokens'
export { splitWhitespace, type SplitWhitespace } from './whitespace'
export { rulesFor } from './rules'
export { compileRules, srxBreaks, type CompiledRules, type SrxRule } from './srx'

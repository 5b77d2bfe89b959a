import { type TaggedText } from '../tags/types'

export interface SplitWhitespace<Core> {
  leading: string
  core: Core
  trailing: string
}

/**
 * The whitespace around a segment, kept apart so the translator sees the core while storage keeps the
 * rest to rebuild the document exactly: `leading + core + trailing` is the segment. In tagged text only
 * whitespace outside every tag counts (text before the first tag, after the last one).
 */
export function splitWhitespace(segment: string): SplitWhitespace<string>
export function splitWhitespace(segment: TaggedText): SplitWhitespace<TaggedText>
export function splitWhitespace(segment: string | TaggedText): SplitWhitespace<string | TaggedText> {
  return typeof segment === 'string' ? splitString(segment) : splitTokens(segment)
}

function splitString(text: string): SplitWhitespace<string> {
  const leading = /^\s*/u.exec(text)![0]
  if (leading.length === text.length) return { leading, core: '', trailing: '' }
  const trailing = /\s*$/u.exec(text)![0]
  return { leading, core: text.slice(leading.length, text.length - trailing.length), trailing }
}

function splitTokens(tokens: TaggedText): SplitWhitespace<TaggedText> {
  const core = [...tokens]
  let leading = ''
  for (let first = core[0]; first?.kind === 'text'; first = core[0]) {
    const space = /^\s*/u.exec(first.text)![0]
    leading += space
    if (space.length < first.text.length) {
      core[0] = { kind: 'text', text: first.text.slice(space.length) }
      break
    }
    core.shift()
  }
  let trailing = ''
  for (let last = core.at(-1); last?.kind === 'text'; last = core.at(-1)) {
    const space = /\s*$/u.exec(last.text)![0]
    trailing = space + trailing
    if (space.length < last.text.length) {
      core[core.length - 1] = { kind: 'text', text: last.text.slice(0, last.text.length - space.length) }
      break
    }
    core.pop()
  }
  return { leading, core, trailing }
}

/**
 * Translates the ICU / java.util.regex patterns found in SRX files into JavaScript RegExp sources for the
 * `u` flag. Only what SRX files in the wild use is covered; anything else returns null so the caller can
 * skip the rule and count it, rather than run a rule that means something else.
 *
 * Deliberate approximations: possessive quantifiers and atomic groups become ordinary ones (same matches
 * in SRX-sized patterns, only backtracking differs); `\w`, `\b` and `\s` become Unicode-aware, which is
 * what SRX authors writing rules for Cyrillic or Latvian text expect.
 */
export function translateIcuPattern(source: string): string | null {
  try {
    const translated = new Translator(source).run()
    new RegExp(`(?<=${translated})`, 'u')
    return translated
  } catch {
    return null
  }
}

const wordChar = '\\p{L}\\p{M}\\p{N}_'
const horizontalSpace = '\\t \\u00A0\\u1680\\u180E\\u2000-\\u200A\\u202F\\u205F\\u3000'

/** Java's named properties that JavaScript spells differently (POSIX classes are ASCII in Java). */
const propertyNames: Record<string, string> = {
  Alpha: '[a-zA-Z]',
  Upper: '[A-Z]',
  Lower: '[a-z]',
  Digit: '[0-9]',
  Alnum: '[a-zA-Z0-9]',
  Punct: '[!-\\/:-@\\[-`{-~]',
  Space: '[ \\t\\n\\x0B\\f\\r]',
  javaLowerCase: '\\p{Lowercase}',
  javaUpperCase: '\\p{Uppercase}',
  javaLetter: '\\p{L}',
  javaDigit: '\\p{Nd}',
  javaWhitespace: '\\s',
  IsAlphabetic: '\\p{Alphabetic}',
  IsLetter: '\\p{L}',
  IsUppercase: '\\p{Uppercase}',
  IsLowercase: '\\p{Lowercase}',
  IsDigit: '\\p{Nd}',
  IsPunctuation: '\\p{P}',
  IsWhite_Space: '\\p{White_Space}',
}

/** Unicode blocks Java names with `In…`; JavaScript has scripts only, which is what these rules mean. */
const blockScripts: Record<string, string> = {
  InCyrillic: 'Cyrillic',
  InGreek: 'Greek',
  InArabic: 'Arabic',
  InHebrew: 'Hebrew',
  InThai: 'Thai',
  InHiragana: 'Hiragana',
  InKatakana: 'Katakana',
  InHangul: 'Hangul',
}

class Untranslatable extends Error {}

class Translator {
  private i = 0
  /** Case-insensitive regions opened by `(?i)`, one flag per open group. */
  private caseless: boolean[] = [false]

  constructor(private readonly source: string) {}

  run(): string {
    let out = ''
    while (this.i < this.source.length) out += this.next()
    return out
  }

  private get ignoreCase(): boolean {
    return this.caseless[this.caseless.length - 1]!
  }

  private next(): string {
    const c = this.source[this.i]!
    switch (c) {
      case '\\':
        return this.escape(false)
      case '[':
        return this.charClass()
      case '(':
        return this.groupStart()
      case ')':
        this.i++
        if (this.caseless.length > 1) this.caseless.pop()
        return ')'
      case '*':
      case '+':
      case '?':
        this.i++
        return c + this.quantifierSuffix()
      case '{': {
        const match = /^\{\d+(,\d*)?\}/.exec(this.source.slice(this.i))
        if (!match) throw new Untranslatable('{')
        this.i += match[0].length
        return match[0] + this.quantifierSuffix()
      }
      case '.':
        this.i++
        return '[^\\n\\r\\u0085\\u2028\\u2029]'
      default:
        this.i += c.length
        return this.literal(this.codePointAt())
    }
  }

  /** Reads the code point just consumed (handles surrogate pairs). */
  private codePointAt(): string {
    const start = this.i - 1
    const cp = this.source.codePointAt(start)!
    if (cp > 0xffff) {
      this.i++
      return String.fromCodePoint(cp)
    }
    return this.source[start]!
  }

  /** `?` = lazy (kept), `+` = possessive (dropped). */
  private quantifierSuffix(): string {
    const c = this.source[this.i]
    if (c === '?') {
      this.i++
      return '?'
    }
    if (c === '+') this.i++
    return ''
  }

  private literal(char: string): string {
    if (this.ignoreCase) {
      const lower = char.toLowerCase()
      const upper = char.toUpperCase()
      if (lower !== upper && lower.length === 1 && upper.length === 1) return `[${lower}${upper}]`
    }
    // Java takes a lone `}` or `]` literally; JavaScript's `u` mode wants it escaped.
    return /[/}\]]/.test(char) ? `\\${char}` : char
  }

  private groupStart(): string {
    const rest = this.source.slice(this.i)
    const flags = /^\(\?([a-zA-Z]*)(?:-([a-zA-Z]*))?(\)|:)/.exec(rest)
    if (flags && (flags[1] !== '' || flags[2] !== undefined)) {
      this.i += flags[0].length
      const on = flags[1] ?? ''
      const off = flags[2] ?? ''
      if (/[^iux]/.test(on + off) || on.includes('x')) throw new Untranslatable(`flags ${flags[0]}`)
      const caseless = on.includes('i') ? true : off.includes('i') ? false : this.ignoreCase
      if (flags[3] === ')') {
        // `(?i)` applies to the rest of the enclosing group.
        this.caseless[this.caseless.length - 1] = caseless
        return ''
      }
      this.caseless.push(caseless)
      return '(?:'
    }
    const opener = /^\((\?(?:[:=!>]|<[=!]|<[A-Za-z][A-Za-z0-9]*>))?/.exec(rest)![0]
    this.i += opener.length
    this.caseless.push(this.ignoreCase)
    return opener === '(?>' ? '(?:' : opener
  }

  /** An escape outside (inClass = false) or inside a character class. */
  private escape(inClass: boolean): string {
    const c = this.source[this.i + 1]
    if (c === undefined) throw new Untranslatable('trailing backslash')
    this.i += 2
    switch (c) {
      case 'd':
      case 'D':
      case 's':
      case 'S':
      case 't':
      case 'n':
      case 'r':
      case 'f':
        return `\\${c}`
      case 'w':
        return inClass ? wordChar : `[${wordChar}]`
      case 'W':
        if (inClass) throw new Untranslatable('\\W in class')
        return `[^${wordChar}]`
      case 'h':
        return inClass ? horizontalSpace : `[${horizontalSpace}]`
      case 'H':
        if (inClass) throw new Untranslatable('\\H in class')
        return `[^${horizontalSpace}]`
      case 'b':
        if (inClass) return '\\x08'
        return `(?:(?<=[${wordChar}])(?![${wordChar}])|(?<![${wordChar}])(?=[${wordChar}]))`
      case 'B':
        return `(?:(?<=[${wordChar}])(?=[${wordChar}])|(?<![${wordChar}])(?![${wordChar}]))`
      case 'A':
        return '^'
      case 'z':
      case 'Z':
        return '$'
      case 'R':
        if (inClass) throw new Untranslatable('\\R in class')
        return '(?:\\r\\n|[\\n\\v\\f\\r\\u0085\\u2028\\u2029])'
      case 'e':
        return '\\x1B'
      case 'a':
        return '\\x07'
      case 'p':
      case 'P':
        return this.property(c === 'P', inClass)
      case 'x':
        return this.hexEscape()
      case 'u': {
        const hex = /^[0-9a-fA-F]{4}/.exec(this.source.slice(this.i))
        if (!hex) throw new Untranslatable('\\u')
        this.i += 4
        return `\\u${hex[0]}`
      }
      case 'Q': {
        const end = this.source.indexOf('\\E', this.i)
        const quoted = this.source.slice(this.i, end === -1 ? undefined : end)
        this.i = end === -1 ? this.source.length : end + 2
        return [...quoted].map((ch) => (inClass ? escapeInClass(ch) : this.quotedLiteral(ch))).join('')
      }
      default:
        if (/[1-9]/.test(c) && !inClass) return `\\${c}`
        if (/[0-9a-zA-Z]/.test(c)) throw new Untranslatable(`\\${c}`)
        return inClass ? escapeInClass(c) : this.quotedLiteral(c)
    }
  }

  private quotedLiteral(ch: string): string {
    return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : this.literal(ch)
  }

  private hexEscape(): string {
    const rest = this.source.slice(this.i)
    const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(rest)
    if (braced) {
      this.i += braced[0].length
      return `\\u{${braced[1]}}`
    }
    const two = /^[0-9a-fA-F]{2}/.exec(rest)
    if (!two) throw new Untranslatable('\\x')
    this.i += 2
    return `\\x${two[0]}`
  }

  private property(negated: boolean, inClass: boolean): string {
    const rest = this.source.slice(this.i)
    const braced = /^\{([^}]*)\}/.exec(rest)
    let name: string
    if (braced) {
      name = braced[1]!
      this.i += braced[0].length
    } else {
      name = rest[0] ?? ''
      this.i += 1
    }
    name = name.replace(/^Is(?=L[ultmo]?$|Lu|Ll|P[a-z]?$|N[a-z]?$|S[a-z]?$|Z[a-z]?$|M[a-z]?$)/, '')
    const p = negated ? 'P' : 'p'
    const mapped = propertyNames[name]
    if (mapped !== undefined) {
      if (!mapped.startsWith('\\p')) {
        if (negated || inClass) throw new Untranslatable(`\\p{${name}}`)
        return mapped
      }
      return negated ? mapped.replace('\\p', '\\P') : mapped
    }
    const script = blockScripts[name] ?? /^(?:Is|In)?script=(\w+)$/i.exec(name)?.[1]
    if (script !== undefined) return `\\${p}{Script=${script}}`
    const direct = `\\${p}{${name}}`
    new RegExp(direct, 'u') // throws if JavaScript does not know the name
    return direct
  }

  private charClass(): string {
    this.i++
    let out = '['
    if (this.source[this.i] === '^') {
      out += '^'
      this.i++
    }
    let first = true
    for (;;) {
      const c = this.source[this.i]
      if (c === undefined) throw new Untranslatable('unclosed class')
      if (c === ']' && !first) break
      first = false
      if (c === '[') throw new Untranslatable('nested class')
      if (c === '&' && this.source.startsWith('&&[', this.i)) return this.intersection(out)
      if (c === '\\') {
        out += this.escape(true)
        continue
      }
      const cp = String.fromCodePoint(this.source.codePointAt(this.i)!)
      this.i += cp.length
      out += this.classLiteral(cp)
    }
    this.i++
    return out + ']'
  }

  /** Java's `[A&&[B]]`: a character in A that is also in B, as a lookahead on B. */
  private intersection(left: string): string {
    if (left === '[' || left.startsWith('[^')) throw new Untranslatable('class intersection')
    this.i += 2
    const right = this.charClass()
    if (this.source[this.i] !== ']') throw new Untranslatable('class intersection')
    this.i++
    return `(?:(?=${right})${left}])`
  }

  private classLiteral(ch: string): string {
    if (ch === '-') return '-'
    const escaped = escapeInClass(ch)
    if (!this.ignoreCase) return escaped
    // A range `a-z` under (?i) gains its other-case twin; a single letter gains its other case.
    const rangeEnd = this.source[this.i] === '-' ? this.source[this.i + 1] : undefined
    if (rangeEnd !== undefined && rangeEnd !== ']' && rangeEnd !== '\\') {
      this.i += 2
      const range = `${escaped}-${escapeInClass(rangeEnd)}`
      const lower = `${ch.toLowerCase()}-${rangeEnd.toLowerCase()}`
      const upper = `${ch.toUpperCase()}-${rangeEnd.toUpperCase()}`
      return [...new Set([range, lower, upper])].join('')
    }
    const other = ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase()
    return other !== ch && other.length === 1 ? escaped + other : escaped
  }
}

function escapeInClass(ch: string): string {
  return /[\\\]^[\-/]/.test(ch) ? `\\${ch}` : ch
}

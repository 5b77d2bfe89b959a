import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'

/**
 * Spelling of a translation (issue 17, point 4) by Hunspell itself: Debian's `hunspell` with its lv, ru and en
 * dictionaries, one long-lived `hunspell -a` per language per process, spoken to through its pipe (ispell) protocol.
 * nspell (Hunspell in JavaScript) was the other candidate; it did not finish building the Latvian dictionary's
 * forms in ten minutes, and the Russian one costs it hundreds of megabytes, while the real Hunspell answers a
 * segment in well under a millisecond, in its own process, off every thread of ours (decision 0018). Without
 * hunspell or a language's dictionary, spelling is simply not checked (the README says so).
 */
const DICTIONARIES: Record<string, string> = { lv: 'lv_LV', ru: 'ru_RU', en: 'en_US' }

/** Longer than a healthy answer ever takes; a stuck checker is stopped and spelling skipped for that segment. */
const ANSWER_MS = 5000

interface Checker {
  child: ChildProcessWithoutNullStreams
  /** Lines of the answer being read, and whoever waits for each answer, in order. */
  lines: string[]
  waiting: ((lines: string[] | undefined) => void)[]
}

const checkers = new Map<string, Promise<Checker | undefined>>()

function startChecker(dictionary: string): Promise<Checker | undefined> {
  return new Promise((resolve) => {
    const child = spawn('hunspell', ['-a', '-i', 'utf-8', '-d', dictionary], { stdio: 'pipe', env: { ...process.env, LC_ALL: 'C.UTF-8' } })
    const checker: Checker = { child, lines: [], waiting: [] }
    let buffered = ''
    let started = false
    const stop = () => {
      checkers.delete(dictionary)
      for (const waiting of checker.waiting.splice(0)) waiting(undefined)
      if (!started) resolve(undefined)
    }
    child.on('error', stop)
    child.on('exit', stop)
    child.stdin.on('error', stop)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (text: string) => {
      buffered += text
      let end: number
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 1)
        // The first line is hunspell's banner: it is ready.
        if (!started) {
          started = true
          resolve(checker)
        } else if (line === '') checker.waiting.shift()?.(checker.lines.splice(0))
        else checker.lines.push(line)
      }
    })
  })
}

function checkerFor(language: string): Promise<Checker | undefined> {
  const dictionary = DICTIONARIES[language]
  if (!dictionary) return Promise.resolve(undefined)
  let checker = checkers.get(dictionary)
  if (!checker) {
    checker = startChecker(dictionary)
    checkers.set(dictionary, checker)
  }
  return checker
}

/** Hunspell's answer for one line of text: its lines, one per word it had something to say about. */
async function ask(language: string, text: string): Promise<string[] | undefined> {
  const checker = await checkerFor(language)
  if (!checker) return undefined
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      checker.child.kill()
      resolve(undefined)
    }, ANSWER_MS)
    checker.waiting.push((lines) => {
      clearTimeout(timer)
      resolve(lines)
    })
    // "^" makes hunspell read the rest of the line as text, whatever its first character.
    checker.child.stdin.write(`^${text.replace(/[\r\n]+/g, ' ')}\n`)
  })
}

/**
 * The words of `text` the language's dictionary does not know, once each, in order; undefined when spelling cannot
 * be checked (no hunspell, no dictionary for the language). Words the source has too (names, brands, codes) and words
 * with digits or in capitals only (abbreviations) are not reported.
 */
export async function misspelledWords(text: string, language: string, source = ''): Promise<string[] | undefined> {
  if (!/\p{L}/u.test(text)) return []
  // A word with digits in it (x86, 5kg) is a code or a measure: hunspell would split it and judge the pieces.
  const answer = await ask(language, text.replace(/[^\s]*\d[^\s]*/g, (word) => ' '.repeat(word.length)))
  if (!answer) return undefined
  const inSource = new Set(source.toLocaleLowerCase(language).split(/[^\p{L}\p{M}\p{N}'’-]+/u))
  const words = answer.flatMap((line) => {
    // "& word count offset: suggestions" or "# word offset": not in the dictionary; "*", "+ root", "-": known.
    const miss = /^[&#] (\S+)/.exec(line)
    return miss ? [miss[1]!] : []
  })
  return [...new Set(words)].filter(
    (word) => word !== word.toLocaleUpperCase(language) && !inSource.has(word.toLocaleLowerCase(language)),
  )
}

/** Stops every checker (tests, shutdown). */
export async function stopSpellCheckers(): Promise<void> {
  const running = await Promise.all(checkers.values())
  checkers.clear()
  for (const checker of running) checker?.child.kill()
}

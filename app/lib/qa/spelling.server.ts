import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'

/**
 * Spelling of a translation (issue 17, point 4) by Hunspell itself: Debian's `hunspell` with its lv, ru and en
 * dictionaries, one long-lived `hunspell -l` per language per process (it lists the words it does not know, and makes
 * no suggestions: in the ispell pipe mode, `-a`, suggesting for a line of English words in the Latvian dictionary took
 * over a second). Its output is line-buffered through `stdbuf`, and each text line is followed by a sentinel word no
 * dictionary knows, whose echo ends the answer.
 * nspell (Hunspell in JavaScript) was the other candidate; it did not finish building the Latvian dictionary's
 * forms in ten minutes, and the Russian one costs it hundreds of megabytes, while the real Hunspell answers a
 * segment in well under a millisecond, in its own process, off every thread of ours (decision 0018). Without
 * hunspell or a language's dictionary, spelling is simply not checked (the README says so).
 */
const DICTIONARIES: Record<string, string> = { lv: 'lv_LV', ru: 'ru_RU', en: 'en_US' }

/** Longer than a healthy answer ever takes; a stuck checker is stopped and spelling skipped for that segment. */
const ANSWER_MS = 2000

/** Ends each answer: hunspell -l lists it, as no dictionary has it. */
const SENTINEL = 'qqxzzqtulkssentinel'

interface Checker {
  child: ChildProcessWithoutNullStreams
  /** Lines of the answer being read, and whoever waits for each answer, in order. */
  lines: string[]
  waiting: ((lines: string[] | undefined) => void)[]
}

const checkers = new Map<string, Promise<Checker | undefined>>()

function startChecker(dictionary: string): Promise<Checker | undefined> {
  return new Promise((resolve) => {
    const child = spawn('stdbuf', ['-oL', 'hunspell', '-l', '-i', 'utf-8', '-d', dictionary], { stdio: 'pipe', env: { ...process.env, LC_ALL: 'C.UTF-8' } })
    const checker: Checker = { child, lines: [], waiting: [] }
    let buffered = ''
    const stop = () => {
      checkers.delete(dictionary)
      for (const waiting of checker.waiting.splice(0)) waiting(undefined)
      resolve(undefined)
    }
    child.on('error', stop)
    child.on('exit', stop)
    child.stdin.on('error', stop)
    // Ready once spawned: a missing program or dictionary ends it at once, and `stop` answers undefined.
    child.on('spawn', () => resolve(checker))
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (text: string) => {
      buffered += text
      let end: number
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 1)
        if (line === SENTINEL) checker.waiting.shift()?.(checker.lines.splice(0))
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

/** Hunspell's answer for one line of text: the words it does not know, one a line. */
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
    checker.child.stdin.write(`${text.replace(/[\r\n]+/g, ' ')}\n${SENTINEL}\n`)
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
  return [...new Set(answer.filter((word) => word !== ''))].filter(
    (word) => word !== word.toLocaleUpperCase(language) && !inSource.has(word.toLocaleLowerCase(language)),
  )
}

/** Stops every checker (tests, shutdown). */
export async function stopSpellCheckers(): Promise<void> {
  const running = await Promise.all(checkers.values())
  checkers.clear()
  for (const checker of running) checker?.child.kill()
}

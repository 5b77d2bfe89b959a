import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { randomInt } from 'node:crypto'

/**
 * Spelling of a translation (issue 17, point 4) by Hunspell itself: Debian's `hunspell` with its lv, ru and en
 * dictionaries, one long-lived `hunspell -l` per language per process (it lists the words it does not know, and makes
 * no suggestions: in the ispell pipe mode, `-a`, suggesting for a line of English words in the Latvian dictionary took
 * over a second). Its output is line-buffered through `stdbuf`. Each text line is followed by a line holding a word
 * no dictionary knows, made anew for that request from random letters; its echo ends that request's answer and no
 * other (issue 50: one fixed word, written into a translation, handed its unknown words to the next request of any
 * user). A text cannot hold the word it is about to be followed by.
 * nspell (Hunspell in JavaScript) was the other candidate; it did not finish building the Latvian dictionary's
 * forms in ten minutes, and the Russian one costs it hundreds of megabytes, while the real Hunspell answers a
 * segment in well under a millisecond, in its own process, off every thread of ours (decision 0018). Without
 * hunspell or a language's dictionary, spelling is simply not checked (the README says so).
 */
const DICTIONARIES: Record<string, string> = { lv: 'lv_LV', ru: 'ru_RU', en: 'en_US' }

/** Longer than a healthy answer ever takes; a stuck checker is stopped and spelling skipped for that segment. */
const ANSWER_MS = 2000

/**
 * How long a checker that ended by itself (no hunspell, no dictionary) is not started again. Starting one is a
 * process spawned on the request thread (several milliseconds a save): on a server without hunspell every save
 * spawned one that failed at once.
 */
const RETRY_MS = 60_000

/** The end of one request's answer: `qqx` and 24 random lowercase letters (hunspell -l lists it, as no dictionary has it). */
function endMark(): string {
  let mark = 'qqx'
  for (let letter = 0; letter < 24; letter++) mark += String.fromCharCode(97 + randomInt(26))
  return mark
}

/** A request written to the checker: the mark that ends its answer, and who waits for it. */
interface Request {
  mark: string
  answer: (lines: string[] | undefined) => void
}

interface Checker {
  child: ChildProcessWithoutNullStreams
  /** Stopped by us (a stuck answer, shutdown): the next request starts it again at once. */
  stopped: boolean
  /** Lines of the answer being read, and the requests written, in order. */
  lines: string[]
  waiting: Request[]
}

const checkers = new Map<string, Promise<Checker | undefined>>()

/** Dictionaries whose checker ended by itself, and when it may be started again. */
const unavailableUntil = new Map<string, number>()

function startChecker(dictionary: string): Promise<Checker | undefined> {
  const started = new Promise<Checker | undefined>((resolve) => {
    const child = spawn('stdbuf', ['-oL', 'hunspell', '-l', '-i', 'utf-8', '-d', dictionary], { stdio: 'pipe', env: { ...process.env, LC_ALL: 'C.UTF-8' } })
    const checker: Checker = { child, stopped: false, lines: [], waiting: [] }
    let buffered = ''
    const stop = () => {
      if (checkers.get(dictionary) === started) checkers.delete(dictionary)
      if (!checker.stopped) unavailableUntil.set(dictionary, Date.now() + RETRY_MS)
      for (const waiting of checker.waiting.splice(0)) waiting.answer(undefined)
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
        const ended = checker.waiting.findIndex((request) => request.mark === line)
        if (ended < 0) {
          checker.lines.push(line)
          continue
        }
        // The lines read belong to the request this mark ends. Should a request before it ever have got no end
        // (never, while hunspell answers each line), whose the lines are is unknown: none of them gets any.
        const lines = checker.lines.splice(0)
        for (const skipped of checker.waiting.splice(0, ended)) skipped.answer(undefined)
        checker.waiting.shift()?.answer(ended === 0 ? lines : undefined)
      }
    })
  })
  return started
}

function checkerFor(language: string): Promise<Checker | undefined> {
  const dictionary = DICTIONARIES[language]
  if (!dictionary || (unavailableUntil.get(dictionary) ?? 0) > Date.now()) return Promise.resolve(undefined)
  let checker = checkers.get(dictionary)
  if (!checker) {
    checker = startChecker(dictionary)
    checkers.set(dictionary, checker)
  }
  return checker
}

/** Hunspell's time grows with the square of a line's length (a 220 KB line took it 25 s): short lines, cut at spaces. */
const LINE_CHARACTERS = 200

/** Spelling is checked in a translation's first characters only: a longer text is no sentence to be spelled. */
const CHECKED_CHARACTERS = 20_000

/**
 * The text as the lines hunspell reads: control characters (line ends among them) as spaces, cut at spaces into lines
 * of about LINE_CHARACTERS. A word longer than a line is a line of its own.
 */
export function checkedLines(text: string): string[] {
  // eslint-disable-next-line no-control-regex -- control characters are what hunspell must not see
  const words = text.slice(0, CHECKED_CHARACTERS).replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').split(' ')
  const lines: string[] = []
  let line = ''
  for (const word of words) {
    if (line !== '' && line.length + 1 + word.length > LINE_CHARACTERS) {
      lines.push(line)
      line = word
    } else line = line === '' ? word : `${line} ${word}`
  }
  lines.push(line)
  return lines
}

/** Hunspell's answer for a text: the words it does not know, one a line. */
async function ask(language: string, text: string): Promise<string[] | undefined> {
  const checker = await checkerFor(language)
  if (!checker) return undefined
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      checker.stopped = true
      checker.child.kill()
      resolve(undefined)
    }, ANSWER_MS)
    const mark = endMark()
    checker.waiting.push({
      mark,
      answer: (lines) => {
        clearTimeout(timer)
        resolve(lines)
      },
    })
    checker.child.stdin.write(`${checkedLines(text).join('\n')}\n${mark}\n`)
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
  unavailableUntil.clear()
  for (const checker of running) {
    if (!checker) continue
    checker.stopped = true
    checker.child.kill()
  }
}

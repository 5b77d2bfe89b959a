/**
 * TMX 1.4b inline codes ↔ canonical tags (app/lib/tags). Pure, browser-safe.
 *
 *   <bpt i="n">…</bpt> … <ept i="n">…</ept>   ↔  <gN> … </gN>     (N = n when free)
 *   <hi x="n">text</hi>                        →  <gN>text</gN>    (its text is translatable, so it stays)
 *   <it pos="…" x="n">…</it>                   →  <xN/>            (the other half lives in another segment)
 *   <ph x="n" type="x-tulks-self">…</ph>        ↔  <xN/>            (how we write a self-closing tag back)
 *   <ph x="n">…</ph>, <ut>…</ut>               ↔  <phN/>
 *
 * The content of bpt/ept/it/ph/ut is the original native code, not text: it is dropped, and so is any <sub>
 * inside it (sub-flow text such as an ALT attribute is not part of the segment in our model).
 * Tag names other than g, x and ph cannot be told apart in TMX without a convention, so on export every pair is
 * written as bpt/ept and every self-closing tag as a typed ph; they read back as g and x.
 */
import { normalize, PLACEHOLDER_NAME, type TagKind, type TaggedText, type Token } from '../tags'

/** One piece of a <seg> as read, before ids are given: text, or an inline code element with its attributes. */
export type SegPiece =
  | { kind: 'text'; text: string }
  | { kind: 'code'; element: 'bpt' | 'ept' | 'it' | 'ph' | 'ut'; i?: string; x?: string; type?: string }
  | { kind: 'hi'; edge: 'open' | 'close'; x?: string }

export const INLINE_CODE_ELEMENTS: ReadonlySet<string> = new Set(['bpt', 'ept', 'it', 'ph', 'ut'])

/** The ph type our writer gives a self-closing tag, so that it reads back as <xN/> and not <phN/>. */
export const SELF_CLOSING_TYPE = 'x-tulks-self'

export const PAIR_NAME = 'g'
export const SELF_CLOSING_NAME = 'x'

type Namespace = 'pair' | 'self' | 'placeholder'

/**
 * Gives ids to the codes of one translation unit. Source and target share one numbering, so that the same
 * bpt i (or the same x) becomes the same tag id on both sides; codes without i or x are matched by their order.
 */
export class UnitTagNumbering {
  private readonly idByKey = new Map<string, number>()
  private readonly usedIds = { pair: new Set<number>(), self: new Set<number>(), placeholder: new Set<number>() }

  /** Canonical tokens of one variant's pieces; an ept/hi close without its opening gives a close the validator flags. */
  tokensOf(pieces: readonly SegPiece[]): TaggedText {
    const tokens: Token[] = []
    const keysSeen = new Set<string>()
    const ordinals = new Map<string, number>()
    const openHighlights: number[] = []
    const ordinalKey = (element: string) => {
      const ordinal = (ordinals.get(element) ?? 0) + 1
      ordinals.set(element, ordinal)
      return `${element}#${ordinal}`
    }
    /** A standalone code's key; a second code with the same x in one segment is a different code. */
    const standaloneKey = (element: string, x: string | undefined) => {
      let key = x === undefined ? ordinalKey(element) : `${element}@${x}`
      while (keysSeen.has(key)) key += "'"
      keysSeen.add(key)
      return key
    }

    for (const piece of pieces) {
      if (piece.kind === 'text') {
        tokens.push({ kind: 'text', text: piece.text })
      } else if (piece.kind === 'hi') {
        if (piece.edge === 'open') {
          const id = this.idFor(standaloneKey('hi', piece.x), 'pair', piece.x)
          openHighlights.push(id)
          tokens.push({ kind: 'open', name: PAIR_NAME, id })
        } else {
          tokens.push({ kind: 'close', name: PAIR_NAME, id: openHighlights.pop() ?? -1 })
        }
      } else if (piece.element === 'bpt' || piece.element === 'ept') {
        // A missing i gives an id of -1: a malformed tag, reported by the validator as an invalid unit.
        const id = piece.i === undefined ? -1 : this.idFor(`bpt@${piece.i}`, 'pair', piece.i)
        tokens.push({ kind: piece.element === 'bpt' ? 'open' : 'close', name: PAIR_NAME, id })
      } else {
        const kind: TagKind =
          piece.element === 'it' || (piece.element === 'ph' && piece.type === SELF_CLOSING_TYPE) ? 'self' : 'placeholder'
        const element = kind === 'self' ? 'self' : piece.element
        const id = this.idFor(standaloneKey(element, piece.x), kind, piece.x)
        tokens.push({ kind, name: kind === 'self' ? SELF_CLOSING_NAME : PLACEHOLDER_NAME, id })
      }
    }
    return normalize(tokens)
  }

  /** The id already given to this key, else the preferred number when it is free in its namespace, else the next free one. */
  private idFor(key: string, namespace: Namespace, preferred: string | undefined): number {
    const known = this.idByKey.get(key)
    if (known !== undefined) return known
    const used = this.usedIds[namespace]
    const wanted = preferred !== undefined && /^[0-9]{1,9}$/.test(preferred) ? Number(preferred) : undefined
    let id = wanted !== undefined && !used.has(wanted) ? wanted : 1
    while (used.has(id)) id++
    used.add(id)
    this.idByKey.set(key, id)
    return id
  }
}

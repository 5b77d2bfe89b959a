/** fast-check generators of tagged text, shared by the property tests of this folder (test-only). */
import fc from 'fast-check'
import { normalize, PLACEHOLDER_NAME } from './canonical'
import { type TaggedText, type TagToken, type Token } from './types'

/** Pieces that stress the escape rules: near-tags, escapes and their look-alikes, and plain unicode. */
const trickyPieces = [
  '<', '>', '&', '/', '_', ';', ' ', '\n', 'a < b', 'x<y>', '<b', '<b>', '</b>', '<toolongname1>', '<g>', '<g_>',
  '<g1>', '</g1>', '<x2/>', '<ph3/>', '<ph1>', '</ph1>', '<g_1>', '</g_1>', '<x_2/>', '<h1_2>', '</g1/>', '<g1 >',
  '<g99999999999999999>', '&lt;', '&gt;', '&amp;', '&amp;lt;', '&lt', '&#60;', '&&lt;', 'ā', 'ž', 'ж', 'ё', '😀', '\u0301',
]

const textPiece = fc.oneof(
  fc.constantFrom(...trickyPieces),
  fc.string({ unit: 'grapheme', maxLength: 3 }),
  fc.string({ unit: 'binary', maxLength: 2 }),
)

/** Literal text (what a text token holds), possibly empty. */
export const literalText = fc.array(textPiece, { maxLength: 6 }).map((pieces) => pieces.join(''))

/** Any string a form could post. */
export const postedString = fc.oneof(
  fc.array(fc.oneof(textPiece, fc.constantFrom('<', '</', '/>', '>', '_', 'g', 'ph', '1', '&', 'lt;')), {
    maxLength: 30,
  }).map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary' }),
)

export const tagName = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,4}$/).filter((name) => name !== PLACEHOLDER_NAME)
const tagId = fc.oneof(fc.nat(30), fc.maxSafeNat())
const ref = fc.string({ maxLength: 4 })

export const tagToken: fc.Arbitrary<TagToken> = fc.oneof(
  fc.record(
    { kind: fc.constantFrom<'open' | 'close' | 'self'>('open', 'close', 'self'), name: tagName, id: tagId, ref },
    { requiredKeys: ['kind', 'name', 'id'], noNullPrototype: true },
  ),
  fc.record(
    { kind: fc.constant('placeholder' as const), name: fc.constant(PLACEHOLDER_NAME), id: tagId, ref },
    { requiredKeys: ['kind', 'name', 'id'], noNullPrototype: true },
  ),
)

/** Any normalized token list of well-formed tags, valid or not. */
export const taggedText: fc.Arbitrary<TaggedText> = fc
  .array(fc.oneof(literalText.map((text): Token => ({ kind: 'text', text })), tagToken), { maxLength: 24 })
  .map(normalize)

type Node =
  | { text: string }
  | { standalone: 'self' | 'placeholder'; name: string }
  | { pair: string; children: Node[] }

const tree = fc.letrec<{ node: Node; nodes: Node[] }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literalText.map((text) => ({ text })),
    tagName.map((name) => ({ standalone: 'self' as const, name })),
    fc.constant({ standalone: 'placeholder' as const, name: PLACEHOLDER_NAME }),
    fc.record({ pair: tagName, children: tie('nodes') }, { noNullPrototype: true }),
  ),
  nodes: fc.array(tie('node'), { maxLength: 4 }),
}))

/** Properly nested segments with unique ids: always valid. Ids are numbered in document order. */
export const validTaggedText: fc.Arbitrary<TaggedText> = tree.nodes.map((nodes) => normalize(flatten(nodes)))

function flatten(nodes: Node[]): Token[] {
  let nextId = 1
  const walk = (node: Node): Token[] => {
    if ('text' in node) return [{ kind: 'text', text: node.text }]
    const id = nextId++
    if ('standalone' in node) return [{ kind: node.standalone, name: node.name, id }]
    return [{ kind: 'open', name: node.pair, id }, ...node.children.flatMap(walk), { kind: 'close', name: node.pair, id }]
  }
  return nodes.flatMap(walk)
}

export function withoutRefs(tokens: readonly Token[]): Token[] {
  return tokens.map((token) => {
    if (token.kind === 'text') return token
    const { ref: _ref, ...bare } = token
    return bare
  })
}

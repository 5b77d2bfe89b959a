import { diff } from './fuzzy-score'
import { tokenize } from './tokens'

/**
 * The matched source as a suggestion shows it (issue 5 "differences highlighted"): the match's plain text cut
 * into pieces, each saying how it stands against the current segment's source. Pure and browser-safe.
 * - same:     text both have
 * - deleted:  text only the match has
 * - inserted: text only the current segment has, shown where the match lacks it
 * - number:   a number whose value differs (`query` holds the current segment's value)
 * - case:     a word that differs only in case (`query` holds the current segment's spelling)
 */
export type DiffPieceKind = 'same' | 'deleted' | 'inserted' | 'number' | 'case'

export interface DiffPiece {
  kind: DiffPieceKind
  text: string
  query?: string
}

export function matchDiffPieces(currentSource: string, matchSource: string): DiffPiece[] {
  const query = tokenize(currentSource)
  const candidate = tokenize(matchSource)
  const pieces: DiffPiece[] = []
  const add = (piece: DiffPiece) => {
    if (piece.text === '') return
    const last = pieces.at(-1)
    if (last && last.kind === piece.kind && piece.kind === 'same') last.text += piece.text
    else pieces.push(piece)
  }
  let cursor = 0
  for (const operation of diff(query, candidate).operations) {
    const { start, end } = operation.candidate
    if (start > cursor) add({ kind: 'same', text: candidate.plain.slice(cursor, start) })
    const matchText = candidate.plain.slice(start, end)
    const queryText = query.plain.slice(operation.query.start, operation.query.end)
    if (operation.kind === 'equal') {
      add(operation.differs ? { kind: operation.differs, text: matchText, query: queryText } : { kind: 'same', text: matchText })
    } else {
      if (operation.kind !== 'insert') add({ kind: 'deleted', text: matchText })
      if (operation.kind !== 'delete') add({ kind: 'inserted', text: queryText })
    }
    cursor = Math.max(cursor, end)
  }
  add({ kind: 'same', text: candidate.plain.slice(cursor) })
  return pieces
}

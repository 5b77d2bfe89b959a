import { db } from '../db/db.server'
import { conceptsById, type Glossary } from './glossaries.server'
import { csvConcept, csvHeader, TBX_END, tbxConcept, tbxStart } from './glossary-write'

/** Concepts read per statement while exporting: the event loop answers other requests between batches. */
const EXPORT_BATCH = 500

/**
 * A glossary as TBX or CSV (issue 17), streamed a batch of concepts at a time in id order, so a 100,000-concept
 * glossary is never held whole and no request waits long behind it.
 */
export function glossaryExport(glossary: Glossary, format: 'tbx' | 'csv'): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  let after = 0
  let started = false
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true
        controller.enqueue(
          encoder.encode(
            format === 'tbx' ? tbxStart(glossary.name, glossary.sourceLang) : `\uFEFF${csvHeader(glossary.sourceLang, glossary.targetLang)}`,
          ),
        )
        return
      }
      const rows = await db().query<{ id: string }>(
        'select id::text from glossary_concepts where glossary_id = $1 and id > $2 order by id limit $3',
        [glossary.id, after, EXPORT_BATCH],
      )
      if (rows.length === 0) {
        if (format === 'tbx') controller.enqueue(encoder.encode(TBX_END))
        controller.close()
        return
      }
      after = Number(rows.at(-1)!.id)
      const concepts = await conceptsById(rows.map((row) => Number(row.id)))
      const text = concepts
        .map((concept) =>
          format === 'tbx' ? tbxConcept(concept.id, concept, glossary.sourceLang, glossary.targetLang) : csvConcept(concept.id, concept),
        )
        .join('')
      controller.enqueue(encoder.encode(text))
    },
  })
}

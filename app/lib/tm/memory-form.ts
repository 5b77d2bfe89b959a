import type { MemoryChoice } from './memories.server'
import { rowId } from '../http/row-id'
import { CHOICE_FIELDS, type ChoiceKind } from './choice-fields'

/**
 * The read/write checkboxes of a memory list (settings panel, translator settings): each listed memory sends
 * a hidden memoryId; ticked boxes send read=<id> and write=<id>. An unticked box is simply absent, so a listed
 * id without it is a choice of "off".
 */
export function memoryChoicesFromForm(form: FormData, kind: ChoiceKind = 'memories'): MemoryChoice[] {
  const names = CHOICE_FIELDS[kind]
  const ids = (name: string) => new Set(form.getAll(name).map(rowId).filter((id) => id !== undefined))
  const read = ids(names.read)
  const write = ids(names.write)
  return [...ids(names.id)].map((id) => ({ id, read: read.has(id), write: write.has(id) }))
}

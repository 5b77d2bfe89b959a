/**
 * One markup for a tag chip, in the read-only view (tagged-text.tsx) and in the editor (tag-editor.tsx, which
 * builds its DOM by hand): `<span class="tag tag-g-1" data-tag="tag-g-1" role="img" aria-label="…" lang="lv">&lt;g1&gt;</span>`.
 * The visible text is the canonical spelling, so copying the view copies what the no-JS textarea would show.
 * SPEC §3: the class identifier (tagKey) is shared by an opening and its closing, for hover highlighting.
 */
import type { TFunction } from 'i18next'
import { tagKey, tagString, type TagToken } from '~/lib/tags'

export const TAG_CLASS = 'tag'
export const TAG_HOVER_CLASS = 'tag-hover'

export interface ChipAttributes {
  className: string
  'data-tag': string
  role: 'img'
  'aria-label': string
  /** The interface language, in which the name is spoken, not the segment's. */
  lang: string
  text: string
}

export function chipAttributes(tag: TagToken, t: TFunction<'editor'>, language: string): ChipAttributes {
  const key = tagKey(tag)
  const name = `${tag.name}${tag.id}`
  return {
    className: `${TAG_CLASS} ${key}`,
    'data-tag': key,
    role: 'img',
    'aria-label': t(`chip.${tag.kind}`, { tag: name }),
    lang: language,
    text: tagString(tag),
  }
}

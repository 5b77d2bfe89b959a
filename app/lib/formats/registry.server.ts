import { androidFilter } from './android/filter.server'
import { htmlFilter } from './html/filter.server'
import { txtFilter } from './txt/filter.server'
import type { FormatFilter } from './types'
import { xliff12Filter } from './xliff12/filter.server'
import { xliff20Filter } from './xliff20/filter.server'
import { docxFilter } from './docx/filter.server'
import { hasZipSignature, readZip } from './docx/zip-package.server'
import { idmlFilter } from './idml/filter.server'
import { jsonFilter } from './json/filter.server'
import { markdownFilter } from './markdown/filter.server'
import { odpFilter, odsFilter, odtFilter } from './odf/filter.server'
import { poFilter } from './po/filter.server'
import { pptxFilter } from './pptx/filter.server'
import { propertiesFilter } from './properties/filter.server'
import { srtFilter, vttFilter } from './subtitles/filter.server'
import { xlsxFilter } from './xlsx/filter.server'

/**
 * The one place formats are registered (STYLE.md: one way to register a format). Order matters only where
 * two filters share an extension (.xlf/.xliff): each checks the root's version, so exactly one accepts.
 */
export const formats: readonly FormatFilter[] = [
  txtFilter,
  htmlFilter,
  docxFilter,
  xlsxFilter,
  pptxFilter,
  odtFilter,
  odsFilter,
  odpFilter,
  idmlFilter,
  xliff12Filter,
  xliff20Filter,
  poFilter,
  androidFilter,
  propertiesFilter,
  jsonFilter,
  markdownFilter,
  srtFilter,
  vttFilter,
]

export function formatById(id: string): FormatFilter | undefined {
  return formats.find((filter) => filter.id === id)
}

/** Every extension some filter accepts, lower-case without the dot. */
export const allowedExtensions: readonly string[] = [...new Set(formats.flatMap((filter) => filter.extensions))]

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/**
 * The filter for an upload: the extension picks the candidates, the content decides among them (an .html that
 * is really a zip, or an .xlf whose root is not XLIFF, gets none). Undefined when no filter accepts the file.
 */
export function detectFormat(name: string, bytes: Uint8Array): FormatFilter | undefined {
  const extension = extensionOf(name)
  const candidates = formats.filter((filter) => filter.extensions.includes(extension))
  return candidates.find((filter) => filter.detect(name, bytes)) ?? candidates.find((filter) => filter.container === 'zip' && isBrokenZip(bytes))
}

/** Starts as a zip package and cannot be read as one: a package of its extension's format, broken (issue 50). */
function isBrokenZip(bytes: Uint8Array): boolean {
  if (!hasZipSignature(bytes)) return false
  try {
    readZip(bytes, { select: () => false })
    return false
  } catch {
    return true
  }
}

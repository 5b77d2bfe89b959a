import { z } from 'zod/v4'
import { flagField } from '../http/fields'

/** The upload's own fields, as SPEC §7 files/upload names them (the files come apart, streamed: upload.server.ts). */
export const uploadFields = z.object({
  source_language: z.string().max(10).meta({ description: 'A source language of the upload form, e.g. en-US.' }),
  target_language: z.string().max(10).meta({ description: 'A target language of the upload form, e.g. lv-LV.' }),
  mt_system: z.string().max(200).optional().meta({ description: 'An MT system id for the pair, e.g. apertium:eng|spa.' }),
  tm_pretranslate: flagField.optional().meta({ description: "Pretranslate from 100% TM matches; the user's setting when not sent." }),
  mt_pretranslate: flagField.optional().meta({ description: "Pretranslate with MT; the user's setting when not sent." }),
})

import fs from 'node:fs'
import { openApiDocument } from '../app/lib/api/openapi'
import { TYPES_FILE, typesOf } from '../test/api-client/generate'

/** Writes the API client's types from the description /openapi.json serves (test/api-flow.test.ts checks they agree). */
fs.writeFileSync(TYPES_FILE, await typesOf(openApiDocument()))
console.log(`wrote ${TYPES_FILE.pathname}`)

// Writes an empty PGlite cluster to the file named by argv[2] (see global-setup.ts for why).
import fs from 'node:fs'
import { PGlite } from '@electric-sql/pglite'

const pglite = await PGlite.create()
const dump = await pglite.dumpDataDir('none')
fs.writeFileSync(process.argv[2], Buffer.from(await dump.arrayBuffer()))
await pglite.close()

// Tulks HTTP server: Express in front of the Remix build. Validates configuration, opens and migrates the
// database, sets security headers and refuses foreign-origin POSTs before any route runs.
import crypto from 'node:crypto'
import fs from 'node:fs'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'

process.env.NODE_ENV ??= 'production'
const build = await import('./build/index.js')
const app = build.entry.module

let env
try {
  env = await app.boot({ threadEntry: new URL('./thread.mjs', import.meta.url) })
} catch (error) {
  // Configuration and start-up problems are for the operator: the message, not a stack.
  console.error(`Tulks could not start.\n${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

const server = express()
server.disable('x-powered-by')
server.set('trust proxy', env.TRUST_PROXY)
server.use(compression())

const formTargets = app.formTargets(env)
server.use((req, res, next) => {
  res.locals.nonce = crypto.randomBytes(16).toString('base64')
  for (const [name, value] of Object.entries(app.securityHeaders(res.locals.nonce, formTargets))) {
    res.setHeader(name, value)
  }
  next()
})

// A response sent before the request's body was read (a redirect to sign in, ahead of an upload's bytes): Node closes
// the connection after it, so it says so, and the client sends its next request on a new one, not into a closing
// socket (seen as ECONNRESET by issue 56's fuzz test).
server.use((req, res, next) => {
  const writeHead = res.writeHead
  res.writeHead = function (...args) {
    if (!req.complete && !res.headersSent) res.setHeader('Connection', 'close')
    return writeHead.apply(this, args)
  }
  next()
})

// Issue 56: a U+0000 in an address's query never reaches a route (app/lib/http/address.ts).
server.use((req, _res, next) => {
  req.url = app.addressWithoutNul(req.url)
  req.originalUrl = app.addressWithoutNul(req.originalUrl)
  next()
})

server.use(async (req, res, next) => {
  const ownOrigin = `${req.protocol}://${req.get('host')}`
  if (!app.isForeignOrigin(req.method, req.get('origin'), ownOrigin)) return next()
  res.status(403).type('text/plain; charset=utf-8').send(await app.forbiddenText(req.get('cookie')))
})

// Fingerprinted assets are immutable; locale files and the icon may change with a release.
server.use('/build', express.static('public/build', { immutable: true, maxAge: '1y', index: false }))
// Only paths under what public/ holds look for a file: for every page, the lookup's failed stat and its error
// object took about 2 % of the request thread.
const publicNames = new Set(fs.readdirSync('public'))
const publicFiles = express.static('public', { maxAge: '1h', index: false })
server.use((req, res, next) => (publicNames.has(req.path.split('/', 2)[1]) ? publicFiles(req, res, next) : next()))

// Everything else is a page or an answer for one signed-in user: never kept by the browser or a proxy (Back after
// signing out must not show the file list). A response that says otherwise (a download) keeps its own header.
server.use((req, res, next) => {
  res.setHeader('Cache-Control', 'no-store')
  next()
})

// `use`, not `all('*')`: a route pattern decodes the path, and a malformed escape (`/%E0`) then ended in Express's
// untranslated "Bad Request" page with a stack trace in the log; Remix answers such an address as any other.
server.use(
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    // requestScope: one object per request, for what its loaders share (the session read, session.server.ts).
    getLoadContext: (req, res) => ({ nonce: res.locals.nonce, clientAddress: req.ip, requestScope: {} }),
  }),
)

const listener = server.listen(env.PORT, env.HOST, () => {
  console.log(`Tulks is listening on http://localhost:${env.PORT} (${env.DATABASE_URL ? 'PostgreSQL' : `PGlite in ${env.DATA_DIR}`})`)
})
// An idle kept-alive connection stays open a minute, not Node's 5 s: a client whose next request leaves as the
// server closes the connection gets a reset (bench/load's translators, pausing 1–3 s, met it on a lagging machine),
// and load balancers keep their connections to the server up to 60 s.
listener.keepAliveTimeout = 65_000
listener.headersTimeout = 66_000

let stopping = false
async function stop(signal) {
  if (stopping) return
  stopping = true
  console.log(`Tulks is stopping (${signal}).`)
  listener.close()
  listener.closeAllConnections?.()
  await app.shutdown().catch((error) => console.error(error))
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))

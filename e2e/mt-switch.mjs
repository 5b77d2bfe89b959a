// A switch in front of the real Apertium APY for the end-to-end tests (issue 6 "provider down → message and
// nothing lost"). Playwright starts it before the app servers, whose APERTIUM_URL points here. Every request is
// passed on to APERTIUM_UPSTREAM unchanged while the switch is up; while it is down, every request is answered
// 503, as an engine that is down behind a proxy answers — the app reads that as "provider unavailable".
//
//   GET /__switch          200 "up" or "down" (Playwright waits for it before starting the servers)
//   POST /__switch/down    the engine is down from now on
//   POST /__switch/up      the engine answers again
//
// Listens on 127.0.0.1 only. Nothing here is used outside the tests.
import http from 'node:http'

const port = Number(process.env.MT_SWITCH_PORT ?? 3103)
const upstream = new URL(process.env.APERTIUM_UPSTREAM ?? '')
let down = false

const server = http.createServer((request, response) => {
  if (request.url === '/__switch' && request.method === 'GET') {
    response.end(down ? 'down' : 'up')
    return
  }
  if (request.url === '/__switch/down' || request.url === '/__switch/up') {
    if (request.method !== 'POST') {
      response.writeHead(405).end()
      return
    }
    down = request.url.endsWith('/down')
    response.end(down ? 'down' : 'up')
    return
  }
  if (down) {
    request.resume()
    response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable')
    return
  }
  const forward = http.request(
    { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, host: upstream.host } },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    },
  )
  forward.on('error', () => {
    if (!response.headersSent) response.writeHead(502)
    response.end()
  })
  request.pipe(forward)
})

server.listen(port, '127.0.0.1')
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))

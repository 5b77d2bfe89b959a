// react-dom's web-streams server renderer (app/entry.server.tsx); @types/react-dom types it only as react-dom/server.
declare module 'react-dom/server.browser' {
  export { renderToReadableStream } from 'react-dom/server'
}

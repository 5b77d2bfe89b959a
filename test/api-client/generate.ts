import openapiTS, { astToString } from 'openapi-typescript'

/** Where the client's generated types live (committed, so the compiler checks the flow test against them). */
export const TYPES_FILE = new URL('./openapi.d.ts', import.meta.url)

/** TypeScript types of an OpenAPI description, as openapi-typescript writes them. */
export async function typesOf(description: object): Promise<string> {
  const ast = await openapiTS(description as Parameters<typeof openapiTS>[0])
  return `/** Generated from GET /openapi.json by \`npm run api:types\` (test/api-client/generate.ts); do not edit. */\n\n${astToString(ast)}`
}

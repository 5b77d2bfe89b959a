import { Parser } from 'htmlparser2'

/** Issue 56's fuzz test: what a page's forms post, read from its HTML as a browser would submit them. */
const addressOf = (url: URL) => url.pathname + url.search

/** A page's forms that post: where, the fields they send (name → value) and the intents their buttons send. */
export interface PageForm {
  action: string
  multipart: boolean
  /** The name of its file input, when it has one. */
  fileField?: string
  fields: Map<string, string>
  intents: string[]
}

export function formsOfPage(html: string, page: string, origin: string): PageForm[] {
  const forms: PageForm[] = []
  const byId = new Map<string, PageForm>()
  let current: PageForm | undefined
  const pending: { form: string; name: string; value: string; intent: boolean }[] = []
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'form') {
          current = undefined
          if ((attributes.method ?? 'get').toLowerCase() !== 'post') return
          current = { action: addressOf(new URL(attributes.action ?? page, `${origin}${page}`)), multipart: attributes.enctype === 'multipart/form-data', fields: new Map(), intents: [] }
          forms.push(current)
          if (attributes.id) byId.set(attributes.id, current)
          return
        }
        if (!['input', 'textarea', 'select', 'button'].includes(name) || !attributes.name) return
        const intent = attributes.name === 'intent'
        const value = attributes.value ?? ''
        if (attributes.type === 'file') {
          if (current) current.fileField = attributes.name
          return
        }
        if (attributes.form) pending.push({ form: attributes.form, name: attributes.name, value, intent })
        else if (current) {
          if (intent && (name === 'button' || attributes.type === 'submit')) current.intents.push(value)
          else if (!current.fields.has(attributes.name)) current.fields.set(attributes.name, value)
        }
      },
      onclosetag(name) {
        if (name === 'form') current = undefined
      },
    },
    { decodeEntities: true },
  )
  parser.write(html)
  parser.end()
  for (const { form, name, value, intent } of pending) {
    const owner = byId.get(form)
    if (!owner) continue
    if (intent) owner.intents.push(value)
    else if (!owner.fields.has(name)) owner.fields.set(name, value)
  }
  return forms
}


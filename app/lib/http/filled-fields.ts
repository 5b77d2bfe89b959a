/** A form's (or query's) text fields that were filled in: an empty field reads as not sent, so a schema's default applies. */
export function filledFields(form: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  return Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''))
}

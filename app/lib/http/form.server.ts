/**
 * A request's form, or an empty one when the body is not a form (another content type, multipart without its
 * boundary, a broken body): the action then refuses it as it refuses a form left empty — translated, never a 500.
 */
export function formOf(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData())
}

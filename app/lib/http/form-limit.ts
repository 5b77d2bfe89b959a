/** The most a form without a file may send, in MiB (form.server.ts; the error page names it). */
export const FORM_MAX_MEGABYTES = 1

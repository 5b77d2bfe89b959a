/** SPEC §9: files per page, on the file list and in the `files` call (shared with the browser: not a .server module). */
export const FILES_PER_PAGE = 10

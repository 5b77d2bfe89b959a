/** The longest name of a personal access token, in characters: checked by the server, told to the browser's input. */
export const TOKEN_NAME_MAX = 100

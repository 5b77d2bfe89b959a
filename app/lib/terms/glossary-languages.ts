/** A glossary may pair any two of the interface's languages (a project's pair is one of them); the pages' pickers. */
export const GLOSSARY_LANGUAGES = ['en', 'lv', 'ru'] as const

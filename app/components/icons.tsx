/**
 * Issue 51: the interface's few icons as inline SVG — drawn with the text's colour and size, the same on every machine
 * (an emoji or a rare symbol shows as an empty box where no font has it). Always decorative: the control they sit in
 * carries the name.
 */
const PATHS = {
  up: 'M12 19V5M5 12l7-7 7 7',
  down: 'M12 5v14M19 12l-7 7-7-7',
  check: 'M5 13l4 4L19 7',
  pencil: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  cross: 'M6 6l12 12M18 6L6 18',
  copySource: 'M4 12h11M11 7l5 5-5 5M20 4v16',
  scissors: 'M8.5 7.6L20 18M8.5 16.4L20 6M9 6a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  merge: 'M4 5l8 7 8-7M12 12v8',
  comment: 'M4 5h16v11H9l-5 4z',
  flag: 'M5 21V4M5 4h12l-2 4 2 4H5',
  reset: 'M4 12a8 8 0 1 0 2.5-5.8M4 4v5h5',
  warning: 'M12 3l10 18H2zM12 10v4M12 17.5v.5',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13zM15.5 15.5L20 20',
  repeat: 'M4 11V9a3 3 0 0 1 3-3h12M16 3l3 3-3 3M20 13v2a3 3 0 0 1-3 3H5M8 21l-3-3 3-3',
} as const

export type IconName = keyof typeof PATHS

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

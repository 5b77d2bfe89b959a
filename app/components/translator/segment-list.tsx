import { Link, useNavigation, useRevalidator } from '@remix-run/react'
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { TaggedText } from '~/components/editor/tagged-text'
import { Icon } from '~/components/icons'
import { matchBand } from '~/lib/projects/segment-rules'
import { shownStatus } from '~/lib/projects/revision'
import { ALONE, lengthCount, type LengthLimit } from '~/lib/qa/length-limit'
import type { SegmentView } from '~/lib/projects/segments.server'
import { placeHref } from '~/lib/projects/translator-url'
import { CommentsIcon } from './comments-panel'
import { ConfirmAheadContext, useConfirmAhead } from './confirm-ahead'
import { QaBadge, QaList } from './qa-warnings'
import { IssueBadge } from './revision-notes'
import { SegmentForm, useSegmentWrite } from './segment-form'
import { olderThanAnswered, queueState, revision, subscribe, takeReplayed } from './segment-writes'
import { SEGMENT_FORM } from './toolbar'
import type { Loaded, MarkedSegment } from './translator-data'
import { useTyped } from './typed-text'
import { useMoreSegments } from './use-more-segments'

export function SegmentList({ loaded, scope }: { loaded: Loaded; scope: React.RefObject<HTMLElement> }) {
  const { t } = useTranslation('translate')
  useDataAfterReplay(loaded.segments)
  const more = useMoreSegments(loaded)
  const ahead = useConfirmAhead({
    loaded,
    rows: more.segments,
    action: loaded.base,
    href: (segment) => placeHref(loaded.base, { ...loaded.place, segment }),
    scope,
  })
  const activeId = ahead.ahead?.activeId ?? loaded.activeId
  // The segment gone on to stays in view when the page's data comes (the rows around it are the new window's).
  useLayoutEffect(() => {
    const row = activeId ? document.getElementById(`s${activeId}`) : null
    if (row?.contains(document.activeElement)) row.scrollIntoView({ block: 'nearest' })
  }, [loaded, activeId])
  const table = useRef<HTMLTableElement>(null)
  useRowsByClickAndArrows(table, ahead.rows, activeId)
  const earlier = more.segments[0]
  const later = more.segments.at(-1)
  return (
    <ConfirmAheadContext.Provider value={ahead.confirm}>
      <div className="segment-list" ref={more.container}>
        {more.hasBefore && earlier ? (
          <p ref={more.topEdge}>
            <Link to={placeHref(loaded.base, { ...loaded.place, segment: earlier.id })}>{t('earlier')}</Link>
          </p>
        ) : null}
        {more.segments.length === 0 ? <p>{t('search.none')}</p> : null}
        <table className="segment-table" ref={table}>
          <caption className="visually-hidden">{t('segments')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('number')}</th>
              <th scope="col">{t('source')}</th>
              <th scope="col">{t('target')}</th>
              <th scope="col">{t('tools')}</th>
            </tr>
          </thead>
          <tbody>
            {ahead.rows.map((segment) => (
              <SegmentRow
                key={segment.id}
                segment={segment}
                number={segment.label}
                active={segment.id === activeId}
                startedAt={segment.id === ahead.ahead?.activeId ? ahead.ahead.startedAt : undefined}
                loaded={loaded}
              />
            ))}
          </tbody>
        </table>
        {more.hasAfter && later ? (
          <p ref={more.bottomEdge}>
            <Link to={placeHref(loaded.base, { ...loaded.place, segment: later.id })}>{t('later')}</Link>
          </p>
        ) : null}
      </div>
    </ConfirmAheadContext.Provider>
  )
}

interface SegmentRowProps {
  segment: MarkedSegment
  number: string
  active: boolean
  /** Set on the segment a confirm went ahead to (confirm-ahead.ts), until the page's data comes: its clock's start. */
  startedAt?: number
  loaded: Loaded
}

/**
 * A row renders again only when what it shows changed (see Translator; sameRow): after a confirm the page's data is
 * all new, but most rows of the window are the same. The active row's parts follow the draft save.
 */
const SegmentRow = memo(function SegmentRow({ segment, number, active, startedAt, loaded }: SegmentRowProps) {
  const { t } = useTranslation('translate')
  return (
    <tr id={`s${segment.id}`} className={active ? 'segment-active' : undefined} data-status={shownStatus(segment)}>
      <th scope="row">
        {active ? (
          number
        ) : (
          // Moving to another segment goes through the active segment's form, so that its text is saved.
          <button
            type="submit"
            form={SEGMENT_FORM}
            name="intent"
            value={`move:${segment.id}`}
            className="link-button"
            aria-label={t('activate', { number })}
          >
            {number}
          </button>
        )}
      </th>
      <td lang={loaded.sourceLang} className="segment-source">
        <TaggedText text={segment.source} marks={segment.termMarks} />
      </td>
      <td lang={loaded.targetLang} className="segment-target">
        {active ? (
          <>
            <SegmentForm segment={segment} number={number} startedAt={startedAt} loaded={loaded} />
            <QaList warnings={segment.warnings} report={loaded.qaReport} />
          </>
        ) : segment.target ? (
          <TaggedText text={segment.target} />
        ) : null}
      </td>
      <td className="segment-status">
        {active ? <ActiveSegmentTools segment={segment} /> : <SegmentTools segment={segment} status={shownStatus(segment)} manual={false} />}
        {active ? <LengthCounter segment={segment} limit={segment.id === loaded.activeId ? loaded.activeLimit : null} /> : null}
        <CommentsIcon state={loaded.commented[segment.id]} />
        <QaBadge warnings={segment.warnings} />
        <IssueBadge issues={segment.issues} />
        <Present names={segment.present} />
      </td>
    </tr>
  )
}, sameRow)

/** An inactive row shows its segment, its languages and its comments icon; the active one the whole page's data. */
function sameRow(before: SegmentRowProps, after: SegmentRowProps): boolean {
  if (before.active !== after.active || before.number !== after.number || before.startedAt !== after.startedAt) return false
  if (before.active) return before.segment === after.segment && before.loaded === after.loaded
  if (before.loaded === after.loaded) return before.segment === after.segment
  const id = after.segment.id
  return (
    before.loaded.sourceLang === after.loaded.sourceLang &&
    before.loaded.targetLang === after.loaded.targetLang &&
    JSON.stringify(before.loaded.commented[id]) === JSON.stringify(after.loaded.commented[id]) &&
    JSON.stringify(before.segment) === JSON.stringify(after.segment)
  )
}

/** Issue 52: the colleagues on this segment of a shared file lately: their initials, named for a screen reader. */
function Present({ names }: { names?: string[] }) {
  // Most rows have none: they render nothing and use no hook (every row's hooks count on a slow machine).
  return names && names.length > 0 ? <PresentNames names={names} /> : null
}

function PresentNames({ names }: { names: string[] }) {
  const { t } = useTranslation('translate')
  const label = t('present', { names: names.join(', ') })
  const initials = (name: string) =>
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]!.toUpperCase())
      .join('')
  return (
    <span className="segment-present" title={label}>
      <span aria-hidden="true">{names.map(initials).join(' ')}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

/** The active segment's status: a draft saved in the background shows as one, by hand. */
function ActiveSegmentTools({ segment }: { segment: SegmentView }) {
  const drafted = useSegmentWrite(segment.id).saved
  return <SegmentTools segment={segment} status={drafted && segment.status === 'NEW' ? 'DRAFT' : shownStatus(segment)} manual={drafted} />
}

/**
 * Issue 58 point 6: the active segment's characters, source and translation (as typed, with JavaScript), and its
 * limit when the file or the project sets one — marked when the translation is past it.
 */
function LengthCounter({ segment, limit }: { segment: SegmentView; limit: LengthLimit | null }) {
  const { t } = useTranslation('translate')
  // As typed-text.ts paces it: once the typing pauses, not a frame of its own after every letter's.
  const typed = useTyped(segment.id, segment.target ?? '')
  const source = useMemo(() => lengthCount(segment.source, ALONE).count, [segment.source])
  const target = lengthCount(typed, limit ?? ALONE)
  const over = limit?.max != null && target.count > limit.max
  const lineOver = limit?.line != null && target.longestLine > limit.line
  const label = [
    t('length.label', { source, target: target.count }),
    limit?.max != null ? t('length.max', { max: limit.max }) : '',
    limit?.line != null ? t('length.line', { line: target.longestLine, max: limit.line }) : '',
  ]
    .filter(Boolean)
    .join('; ')
  return (
    <span className={`length-count${over || lineOver ? ' length-over' : ''}`} title={label}>
      <span aria-hidden="true">
        {source} → {target.count}
        {limit?.max != null ? `/${limit.max}` : ''}
        {limit?.line != null ? <span className="length-line"> ↵{target.longestLine}/{limit.line}</span> : null}
      </span>
      <span className="visually-hidden">{label}</span>
    </span>
  )
}

/** SPEC §2 tools column: MT, the TM match percent coloured by SPEC §9's bands, or a pencil for manual. */
function SegmentTools({ segment, status, manual }: { segment: SegmentView; status: string; manual: boolean }) {
  const { t } = useTranslation('translate')
  const saveType = manual ? 'MANUAL' : segment.saveType
  return (
    <>
      <span className={`status status-${status.toLowerCase()}`}>{t(`status.${status}`)}</span>
      {saveType === 'MT' ? <span className="save-type">{t('status.mt')}</span> : null}
      {saveType === 'TM' && segment.saveMatch !== null ? (
        <span className={`save-type match-${matchBand(segment.saveMatch)}`}>{t('suggestions:toolsMatch', { match: segment.saveMatch })}</span>
      ) : null}
      {saveType === 'MANUAL' ? (
        <span className="save-type" role="img" aria-label={t('status.manual')} title={t('status.manual')}>
          <Icon name="pencil" />
        </span>
      ) : null}
      {segment.repeated ? (
        <span className="save-type repetition" role="img" aria-label={t('status.repetition')} title={t('status.repetition')}>
          <Icon name="repeat" />
        </span>
      ) : null}
      {/ {2,}/.test(segment.target ?? '') ? (
        <span className="segment-warning" role="img" aria-label={t('spaces')} title={t('spaces')}>
          <Icon name="warning" />
        </span>
      ) : null}
    </>
  )
}

/**
 * The page's data is older than what the tab's writes left on the server (segment-writes.ts): writes an earlier page
 * left, sent again after a reload, or answered while this page was being read. The rows are read again, so that they
 * show what the server holds.
 */
function useDataAfterReplay(segments: readonly MarkedSegment[]) {
  const revalidator = useRevalidator()
  const navigation = useNavigation()
  const writes = useSyncExternalStore(subscribe, revision, () => 0)
  // Once for a page's data: data read again and still older (never, unless a segment went) is not read a third time.
  const readAgain = useRef<readonly MarkedSegment[]>()
  useEffect(() => {
    // A navigation under way brings newer data itself; read beside it, the page's data would race it (and the second
    // answer take away the message the first one showed: a confirm gone ahead's "Segment 3 confirmed").
    if (revalidator.state !== 'idle' || navigation.state !== 'idle' || queueState().pending > 0) return
    const older = olderThanAnswered(segments) && readAgain.current !== segments
    if (takeReplayed() || older) {
      readAgain.current = segments
      revalidator.revalidate()
    }
  }, [writes, revalidator, navigation.state, segments])
}

/**
 * Issue 51, with JavaScript: a click anywhere in a row's text activates its segment (not on its links and buttons, and
 * not when it ends a selection of text), and the rows' numbers are one tab stop — the row after the active one — with
 * ↑ ↓ Home End moving among them (a roving tab index). Without JavaScript every number is a tab stop and the whole
 * row is its button's (app.css). Set on the elements, not rendered: a row does not render again for it.
 */
function useRowsByClickAndArrows(table: React.RefObject<HTMLTableElement>, rows: readonly unknown[], activeId: number | undefined) {
  useEffect(() => {
    const element = table.current
    if (!element) return
    const numbers = () => [...element.querySelectorAll<HTMLButtonElement>('tbody th .link-button')]
    const all = numbers()
    const active = element.querySelector('tbody tr.segment-active')
    const stop = (active && all.find((button) => active.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING)) || all[0]
    for (const button of all) {
      // Only where it changes: an attribute set again to its value is still a change to the page's style and a11y tree.
      const tabIndex = button === stop ? 0 : -1
      if (button.tabIndex !== tabIndex) button.tabIndex = tabIndex
    }
    const onClick = (event: MouseEvent) => {
      const target = event.target
      if (!(target instanceof Element) || event.button !== 0 || target.closest('a, button, input, textarea, select, label, summary')) return
      if (window.getSelection()?.toString()) return
      const row = target.closest('tbody tr')
      if (!row || row.classList.contains('segment-active')) return
      row.querySelector<HTMLButtonElement>('th .link-button')?.click()
    }
    const onKeyDown = (event: KeyboardEvent) => {
      const button = event.target instanceof Element ? event.target.closest('th .link-button') : null
      if (!(button instanceof HTMLButtonElement) || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return
      const list = numbers()
      const at = list.indexOf(button)
      const next = { ArrowUp: list[at - 1], ArrowDown: list[at + 1], Home: list[0], End: list.at(-1) }[event.key]
      if (!next) return
      event.preventDefault()
      button.tabIndex = -1
      next.tabIndex = 0
      next.focus()
    }
    element.addEventListener('click', onClick)
    element.addEventListener('keydown', onKeyDown)
    return () => {
      element.removeEventListener('click', onClick)
      element.removeEventListener('keydown', onKeyDown)
    }
  }, [table, rows, activeId])
}

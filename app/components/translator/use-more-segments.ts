import { useFetcher } from '@remix-run/react'
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { placeHref } from '~/lib/projects/translator-url'
import type { translatorPage } from '~/lib/translator/translator-page.server'
import type { Loaded, MarkedSegment } from './translator-data'

/**
 * SPEC §4: with JavaScript, scrolling to the bottom of the list loads the segments after it, and to the top
 * those before it (the "earlier"/"later" links stay for everyone else). A new page load starts over.
 */
export function useMoreSegments(loaded: Loaded) {
  // The pages loaded belong to the page's data they were loaded on: new data (another window) starts over in the
  // render that brings it. (Reset in an effect, the first render of a new window still held the old window's pages:
  // a segment in both was two rows, and the editor of the one removed next could take the caret.)
  const data = `${loaded.renderedAt}:${loaded.hasBefore}:${loaded.hasAfter}`
  const fresh = { data, before: [] as MarkedSegment[], after: [] as MarkedSegment[], hasBefore: loaded.hasBefore, hasAfter: loaded.hasAfter }
  const [kept, setMore] = useState(fresh)
  const more = kept.data === data ? kept : fresh
  const after = useFetcher<typeof translatorPage>()
  const before = useFetcher<typeof translatorPage>()
  const container = useRef<HTMLDivElement>(null)
  const topEdge = useRef<HTMLParagraphElement>(null)
  const bottomEdge = useRef<HTMLParagraphElement>(null)
  const scrollBefore = useRef<number | undefined>(undefined)
  /** The pages as they stand for this page's data, whatever data the state was last set on. */
  const current = (state: typeof fresh) => (state.data === data ? state : fresh)
  // A page can arrive twice: an observer made in the render that brought a page, before its rows were added, may ask
  // again from the same edge. Rows already in the list are not added again.
  const shown = useRef(loaded.segments)
  shown.current = loaded.segments
  useEffect(() => {
    const page = after.data
    if (!page || page.analysing) return
    setMore((state) => {
      const pages = current(state)
      return { ...pages, after: [...pages.after, ...notListed(page.segments, pages, shown.current)], hasAfter: page.hasAfter }
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a page arriving, added to the pages of the data it came on
  }, [after.data])
  useEffect(() => {
    const page = before.data
    if (!page || page.analysing) return
    scrollBefore.current = container.current ? container.current.scrollHeight - container.current.scrollTop : undefined
    setMore((state) => {
      const pages = current(state)
      return { ...pages, before: [...notListed(page.segments, pages, shown.current), ...pages.before], hasBefore: page.hasBefore }
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  }, [before.data])
  // Rows added above keep the rows in view where they were.
  useLayoutEffect(() => {
    const list = container.current
    if (list && scrollBefore.current !== undefined) list.scrollTop = list.scrollHeight - scrollBefore.current
    scrollBefore.current = undefined
  }, [more.before])
  const segments = [...more.before, ...loaded.segments, ...more.after]
  const firstId = segments[0]?.id
  const lastId = segments.at(-1)?.id
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return
    const address = (edge: 'after' | 'before', id: number) => {
      const params = new URLSearchParams(placeHref(loaded.base, { ...loaded.place, segment: undefined }).split('?')[1] ?? '')
      params.set(edge, String(id))
      // The pages have a route of their own (…_.more.tsx): never read again after an action.
      return `${loaded.base}/more?${params}`
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue
          if (entry.target === bottomEdge.current && lastId && after.state === 'idle') after.load(address('after', lastId))
          if (entry.target === topEdge.current && firstId && before.state === 'idle') before.load(address('before', firstId))
        }
      },
      { root: container.current, rootMargin: '100px' },
    )
    if (bottomEdge.current) observer.observe(bottomEdge.current)
    if (topEdge.current) observer.observe(topEdge.current)
    return () => observer.disconnect()
  }, [firstId, lastId, after, before, loaded.base, loaded.place])
  return { segments, hasBefore: more.hasBefore, hasAfter: more.hasAfter, container, topEdge, bottomEdge }
}

function notListed(page: MarkedSegment[], more: { before: MarkedSegment[]; after: MarkedSegment[] }, shown: MarkedSegment[]) {
  const listed = new Set([...more.before, ...shown, ...more.after].map((segment) => segment.id))
  return page.filter((segment) => !listed.has(segment.id))
}

import { useEffect } from 'react'

interface RemixManifest {
  routes: Record<string, { module: string } | undefined>
}

/** The translator's route module, as the router names it (app/routes/translate.$projectId.$password.tsx). */
export const TRANSLATOR_ROUTE = 'routes/translate.$projectId.$password'

/**
 * Issue 51: a page from which the user will most likely go on to another (the file list to the translator) loads and
 * runs that page's scripts once the browser is idle, so that the click that opens it waits only for its data and its
 * render. The router imports the same address, which the browser's module map then already holds. A failure is of
 * no consequence: the router loads the module itself on the click, as it would have.
 */
export function useRoutePreload(routeId: string) {
  useEffect(() => {
    const manifest = (window as unknown as { __remixManifest?: RemixManifest }).__remixManifest
    const module = manifest?.routes[routeId]?.module
    if (!module) return
    const load = () => void import(module).catch(() => undefined)
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(load, 500)
      return () => window.clearTimeout(timer)
    }
    const handle = window.requestIdleCallback(load, { timeout: 2_000 })
    return () => window.cancelIdleCallback(handle)
  }, [routeId])
}

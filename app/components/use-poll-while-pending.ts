import { useRevalidator } from '@remix-run/react'
import { useEffect } from 'react'

/** SPEC §4/§9: with JavaScript, revalidate every 2 s while something is pending (without, <noscript> refresh). */
export function usePollWhilePending(pending: boolean) {
  const revalidator = useRevalidator()
  useEffect(() => {
    if (!pending) return
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') revalidator.revalidate()
    }, 2000)
    return () => clearInterval(timer)
  }, [pending, revalidator])
}

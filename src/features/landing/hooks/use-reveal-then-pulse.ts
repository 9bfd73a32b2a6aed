import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { CTA_PULSE_DELAY_MS, CTA_VISIBLE_RATIO } from '@/domain/constants'

/**
 * The call-to-action's entrance (docs/product.md §2.2): it appears once at least half of it is on screen, and its button
 * starts pulsing 2 s later. Both happen once. Without IntersectionObserver it is simply shown. The build's prerender
 * (in Node, which has none) renders it as a browser that has one does first, so hydration finds the same markup.
 */
export function useRevealThenPulse<T extends Element>() {
  const ref = useRef<T>(null)
  const canObserve = useSyncExternalStore(subscribeToNothing, hasIntersectionObserver, assumeIntersectionObserver)
  const [seen, setRevealed] = useState(false)
  const revealed = seen || !canObserve
  const [pulsing, setPulsing] = useState(false)

  useEffect(() => {
    const el = ref.current
    if (!el || revealed) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= CTA_VISIBLE_RATIO)) {
          setRevealed(true)
          observer.disconnect()
        }
      },
      { threshold: CTA_VISIBLE_RATIO },
    )
    observer.observe(el)
    return () => observer.disconnect()
  }, [revealed])

  useEffect(() => {
    if (!revealed) return
    const timer = setTimeout(() => setPulsing(true), CTA_PULSE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [revealed])

  return { ref, revealed, pulsing }
}

const subscribeToNothing = () => () => {}
const hasIntersectionObserver = () => typeof IntersectionObserver !== 'undefined'
const assumeIntersectionObserver = () => true

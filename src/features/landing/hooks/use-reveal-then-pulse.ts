import { useEffect, useRef, useState } from 'react'
import { CTA_PULSE_DELAY_MS, CTA_VISIBLE_RATIO } from '@/domain/constants'

/**
 * The call-to-action's entrance (spec §2.2): it appears once at least half of it is on screen, and its button
 * starts pulsing 2 s later. Both happen once. Without IntersectionObserver it is simply shown.
 */
export function useRevealThenPulse<T extends Element>() {
  const ref = useRef<T>(null)
  const [revealed, setRevealed] = useState(() => typeof IntersectionObserver === 'undefined')
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

/**
 * The loading placeholders' animations (Tailwind's `animate-pulse` and `animate-spin`) are decoration: nothing in
 * the app listens for their events. But every CSS animation fires animationstart on each element, and
 * animationiteration on each every cycle, and React's root listener dispatches each one through the component tree.
 * A cold /shop starts ~55 pulses at once: one task of 47 ms at Lighthouse's 4x, and again every 2 s while they show
 * (TBT). Their events stop at the document, before React's root; any other animation's still reach it.
 */
const LOADING_ANIMATIONS = new Set(['pulse', 'spin'])
const ANIMATION_EVENTS = ['animationstart', 'animationiteration', 'animationend', 'animationcancel'] as const

export function quietLoadingAnimations(doc: Document = document): () => void {
  const stop = (e: Event) => {
    if (LOADING_ANIMATIONS.has((e as AnimationEvent).animationName)) e.stopPropagation()
  }
  for (const type of ANIMATION_EVENTS) doc.addEventListener(type, stop, true)
  return () => {
    for (const type of ANIMATION_EVENTS) doc.removeEventListener(type, stop, true)
  }
}

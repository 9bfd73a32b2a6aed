/**
 * The photos index.html painted into a cold page's placeholders before the app's JS ran (remote/first-screen.ts),
 * so the screens keep them on screen while they take over: the skeletons the app renders in their place, and the
 * cards' and the gallery's photo boxes until their own `<img>` has painted (no blink back to grey). Tiny: the first
 * route's skeletons read it.
 */
import { useSyncExternalStore } from 'react'
import { paintedFirstPhotos, paintedPhotoOf } from '@/remote/first-screen'

const NONE: readonly (string | null)[] = []
const subscribeToNothing = () => () => {}

/**
 * The painted photos in page order (null where none). None while React adopts the prerendered markup (built
 * without them; index.html painted them as attributes React leaves alone), then the browser's.
 */
export function usePaintedFirstPhotos(): readonly (string | null)[] {
  return useSyncExternalStore(subscribeToNothing, paintedFirstPhotos, () => NONE)
}

/** The photo painted for this listing on this page, if any (undefined on the server and while hydrating). */
export function usePaintedPhotoOf(listingId: string): string | undefined {
  return useSyncExternalStore(
    subscribeToNothing,
    () => paintedPhotoOf(listingId),
    () => undefined,
  )
}

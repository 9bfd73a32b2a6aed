/**
 * The photos index.html painted into a cold page's placeholders before the app's JS ran (remote/first-screen.ts),
 * for the skeletons the app renders in their place until its own cards and gallery are there: the photos stay on
 * screen instead of blinking back to grey. Tiny: the first route's skeletons read it.
 */
import { useSyncExternalStore } from 'react'
import { paintedFirstPhotos } from '@/remote/first-screen'

const NONE: readonly (string | null)[] = []
const subscribeToNothing = () => () => {}

/**
 * The painted photos in page order (null where none). None while React adopts the prerendered markup (built
 * without them; index.html painted them as attributes React leaves alone), then the browser's.
 */
export function usePaintedFirstPhotos(): readonly (string | null)[] {
  return useSyncExternalStore(subscribeToNothing, paintedFirstPhotos, () => NONE)
}

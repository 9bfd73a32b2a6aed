import { cssUrl } from './css-url'
import { cx } from './cx'

/** A grey placeholder block with the size of what is loading, so the page does not shift when it arrives. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cx('motion-safe:animate-pulse rounded-lg bg-stone-200', className)} />
}

/**
 * Marks a photo's placeholder that index.html's first-screen script may paint the photo into before the app's JS
 * has run (src/remote/first-screen-request.ts FIRST_PHOTO_SLOT, which must equal it): the photo becomes the box's
 * background and the value `painted` hides the pulse.
 */
export const PHOTO_SLOT_ATTRIBUTE = 'data-first-photo'

/**
 * A photo's placeholder (give it the photo's box): pulses until the photo, or the app's own `<img>`, is there.
 * `photo`: a URL already painted (and loaded) on this page, shown at once.
 */
export function PhotoSkeleton({ className, photo }: { className?: string; photo?: string | null }) {
  const painted = photo
    ? { [PHOTO_SLOT_ATTRIBUTE]: 'painted', style: { backgroundImage: cssUrl(photo) } }
    : { [PHOTO_SLOT_ATTRIBUTE]: '' }
  return (
    // The attributes differ by design where index.html painted the photo before React adopted the markup.
    <div
      aria-hidden="true"
      {...painted}
      suppressHydrationWarning
      className={cx('group relative overflow-hidden bg-cover bg-center', className)}
    >
      <div className="absolute inset-0 bg-stone-200 motion-safe:animate-pulse group-data-[first-photo=painted]:hidden" />
    </div>
  )
}

import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useCardImageSrc } from '@/data'
import { stepImage, swipeStep } from '@/domain/item-page'
import { t } from '@/i18n'
import { cssUrl } from '@/ui/css-url'
import { cx } from '@/ui/cx'
import { ImageWithFallback } from '@/ui/image-with-fallback'
import { PhotoViewer } from './photo-viewer'

const ARROW =
  'absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow ' +
  'hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700'

const FULL_SCREEN =
  'absolute top-3 left-3 z-10 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-stone-900 shadow ' +
  'hover:bg-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700'

function Chevron({ flip }: { flip?: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={cx('h-5 w-5', flip && 'rotate-180')}
      fill="none"
      stroke="currentColor"
      strokeWidth={2.5}
      aria-hidden="true"
    >
      <path d="M15 18l-6-6 6-6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  )
}

/**
 * The item's photos (docs/product.md §2.11): one at a time, with arrows, dots and "n / total"; swipe (pointer events, so
 * touch, pen and mouse) and the ← / → keys turn it, wrapping at both ends. Every photo is requested at once (the
 * first with high priority), so a visit keeps them all in the service worker's image cache for offline use.
 * A photo that fails to load shows "No image available".
 */
/** The gallery's width: the screen on phones, half the page (at most 6xl) from 768 px. */
export const GALLERY_SIZES = '(min-width: 1152px) 560px, (min-width: 768px) 50vw, 100vw'

/**
 * One photo, resolved like a card's (useCardImageSrc): the device's copy while it holds one (an unsent listing's
 * photos show offline), else the bucket file with the small card image in `srcset` (a narrow, low-density screen
 * takes the small one; a phone at 2× takes the full photo, as before). Blank while the device is asked.
 */
function GalleryPhoto({ path, alt, first }: { path: string; alt: string; first: boolean }) {
  const image = useCardImageSrc(path)
  const [noCardFor, setNoCardFor] = useState<string | null>(null)
  if (image === undefined) return <div className="h-full w-full" aria-hidden="true" />
  const srcSet = image && image.srcSet && noCardFor !== image.src ? image.srcSet : null
  return (
    <ImageWithFallback
      src={image?.src ?? null}
      {...(srcSet ? { srcSet, sizes: GALLERY_SIZES, onError: () => setNoCardFor(image!.src) } : {})}
      alt={alt}
      fallbackLabel={t('item.noImage')}
      loading="eager"
      fetchPriority={first ? 'high' : 'low'}
      decoding={first ? 'sync' : 'async'}
      draggable={false}
      // Contained, not cropped: a 4:5 garment photo in a phone's wide box was cut by about a third.
      className="h-full w-full object-contain"
    />
  )
}

/**
 * `sources`: the photos' image_url (storage paths or http URLs), in order. `backdrop`: the first photo already on
 * screen (painted from index.html), shown behind it until it has painted.
 */
export function ItemGallery({
  title,
  sources,
  className,
  backdrop,
}: {
  title: string
  sources: readonly string[]
  className?: string
  backdrop?: string
}) {
  const [index, setIndex] = useState(0)
  const [fullScreen, setFullScreen] = useState(false)
  const fullScreenButton = useRef<HTMLButtonElement>(null)
  // The viewer leaves the page when closed (its <dialog> never closes itself), so the focus is put back by hand.
  const closeFullScreen = () => {
    setFullScreen(false)
    requestAnimationFrame(() => fullScreenButton.current?.focus())
  }
  const drag = useRef<{ id: number; x: number; y: number } | null>(null)
  const total = sources.length
  const current = Math.min(index, Math.max(0, total - 1))
  const go = (delta: number) => setIndex(stepImage(current, delta, total))

  const onKeyDown = (e: KeyboardEvent) => {
    if (total < 2) return
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault()
      go(e.key === 'ArrowLeft' ? -1 : 1)
    }
  }
  const onPointerDown = (e: PointerEvent) => {
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY }
  }
  const onPointerUp = (e: PointerEvent) => {
    const start = drag.current
    drag.current = null
    if (!start || start.id !== e.pointerId || total < 2) return
    const step = swipeStep(e.clientX - start.x, e.clientY - start.y)
    if (step !== 0) go(step)
  }

  return (
    <section
      aria-roledescription={t('item.galleryRole')}
      aria-label={t('item.gallery', { title })}
      tabIndex={total > 1 ? 0 : undefined}
      onKeyDown={onKeyDown}
      className={cx(
        'relative overflow-hidden bg-stone-100 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-green-700',
        className,
      )}
    >
      {total > 1 && <p className="sr-only">{t('item.galleryHint')}</p>}
      <div
        className="flex h-full touch-pan-y select-none motion-safe:transition-transform motion-safe:duration-300"
        style={{ transform: `translateX(-${current * 100}%)` }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
      >
        {total === 0 ? (
          <ImageWithFallback
            src={null}
            alt={title}
            fallbackLabel={t('item.noImage')}
            className="h-full w-full shrink-0"
          />
        ) : (
          sources.map((src, i) => (
            <div
              key={`${i}:${src}`}
              role="group"
              aria-roledescription={t('item.slideRole')}
              aria-hidden={i !== current}
              aria-label={t('item.imageCounter', { current: i + 1, total })}
              className="h-full w-full shrink-0 bg-contain bg-center bg-no-repeat"
              style={i === 0 && backdrop ? { backgroundImage: cssUrl(backdrop) } : undefined}
            >
              <GalleryPhoto path={src} alt={t('item.imageAlt', { title, index: i + 1, total })} first={i === 0} />
            </div>
          ))
        )}
      </div>
      {total > 0 && (
        <button
          ref={fullScreenButton}
          type="button"
          onClick={() => setFullScreen(true)}
          aria-label={t('item.fullScreen')}
          className={FULL_SCREEN}
        >
          <svg
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth={2.2}
            aria-hidden="true"
          >
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      )}
      {fullScreen && sources[current] && (
        <PhotoViewer
          path={sources[current]}
          alt={t('item.imageAlt', { title, index: current + 1, total })}
          label={t('item.imageCounter', { current: current + 1, total })}
          onClose={closeFullScreen}
        />
      )}
      {total > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t('item.previousImage')}
            className={cx(ARROW, 'left-3')}
          >
            <Chevron />
          </button>
          <button type="button" onClick={() => go(1)} aria-label={t('item.nextImage')} className={cx(ARROW, 'right-3')}>
            <Chevron flip />
          </button>
          <p
            aria-live="polite"
            className="absolute top-3 right-3 rounded-full bg-stone-900/75 px-2.5 py-1 text-xs font-semibold text-white"
          >
            {t('item.imageCounter', { current: current + 1, total })}
          </p>
          <div className="absolute inset-x-0 bottom-1 flex justify-center">
            {sources.map((src, i) => (
              <button
                key={`${i}:${src}`}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('item.showImage', { index: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                className="group flex h-11 w-6 items-center justify-center focus-visible:outline-3 focus-visible:-outline-offset-4 focus-visible:outline-green-700"
              >
                <span
                  aria-hidden="true"
                  className={cx(
                    'h-2.5 w-2.5 rounded-full border border-stone-900/40',
                    i === current ? 'bg-white' : 'bg-white/50 group-hover:bg-white/80',
                  )}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  )
}

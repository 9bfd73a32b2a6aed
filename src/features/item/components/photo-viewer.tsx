import { useState } from 'react'
import { useCardImageSrc } from '@/data'
import { t } from '@/i18n'
import { cx } from '@/ui/cx'
import { ImageWithFallback } from '@/ui/image-with-fallback'
import { Modal } from '@/ui/modal'

/**
 * One photo on the whole screen, the whole garment in view: the full-size file, fitted; the browser's own pinch
 * zoom works on it (the gallery's swipe strip allows only vertical panning, so it cannot be pinched), and "Zoom in"
 * doubles it in a scrollable frame for a mouse or keyboard. Escape, the close button or the backdrop close it.
 */
export function PhotoViewer({
  path,
  alt,
  label,
  onClose,
}: {
  path: string
  alt: string
  label: string
  onClose(): void
}) {
  const image = useCardImageSrc(path)
  const [zoomed, setZoomed] = useState(false)
  return (
    <Modal open onClose={onClose} title={label} className="m-0 h-dvh max-h-none w-screen max-w-none">
      <div className="flex flex-col gap-3">
        <div
          className="h-[calc(100dvh-10rem)] overflow-auto rounded-xl bg-stone-100"
          style={{ touchAction: 'pinch-zoom pan-x pan-y' }}
          data-testid="photo-viewer-frame"
        >
          {image !== undefined && (
            <ImageWithFallback
              src={image?.src ?? null}
              alt={alt}
              fallbackLabel={t('item.noImage')}
              className={cx(zoomed ? 'h-[200%] w-[200%] max-w-none object-contain' : 'h-full w-full object-contain')}
            />
          )}
        </div>
        <button
          type="button"
          aria-pressed={zoomed}
          onClick={() => setZoomed((z) => !z)}
          className="self-center rounded-full border border-stone-400 px-5 py-2.5 font-semibold text-stone-900 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-green-700"
        >
          {t('item.zoomIn')}
        </button>
      </div>
    </Modal>
  )
}

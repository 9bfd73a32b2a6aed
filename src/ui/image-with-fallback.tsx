import { useState, type ImgHTMLAttributes } from 'react'
import { t } from '@/i18n'
import { cx } from './cx'
import { useOnlineStatus } from './use-online-status'

export interface ImageWithFallbackProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> {
  src: string | null | undefined
  /** Required: describe the photo, or pass '' for a purely decorative one. */
  alt: string
  /** What a missing or broken image reads as, e.g. "No image available". */
  fallbackLabel?: string
}

/**
 * An image that degrades to a labelled placeholder when it has no source or fails to load. Give it a size
 * (width/height or an aspect-ratio class) so that nothing shifts while it loads. Images are requested with CORS
 * (crossOrigin="anonymous", which Supabase storage answers) so the service worker can cache them as real, not
 * opaque, responses for offline use.
 *
 * A photo that exists but fails to load while the device is offline is not "no image": the placeholder says the
 * photo is not on this device (docs/product.md#R-photo-offline), and the photo is tried again once online.
 */
export function ImageWithFallback({
  src,
  alt,
  fallbackLabel = t('item.noImage'),
  className,
  loading = 'lazy',
  decoding = 'async',
  crossOrigin = 'anonymous',
  ...props
}: ImageWithFallbackProps) {
  const online = useOnlineStatus()
  const [failed, setFailed] = useState<{ src: string; offline: boolean } | null>(null)
  const broken = failed !== null && failed.src === src && !(failed.offline && online)
  if (!src || broken) {
    const label = src && failed?.offline ? t('item.photoNotOnDevice') : fallbackLabel
    return (
      <div
        role="img"
        aria-label={alt ? `${alt}: ${label}` : label}
        className={cx('flex items-center justify-center bg-stone-100 text-center text-sm text-stone-600', className)}
      >
        <span aria-hidden="true">{label}</span>
      </div>
    )
  }
  return (
    <img
      src={src}
      alt={alt}
      loading={loading}
      decoding={decoding}
      crossOrigin={crossOrigin}
      onError={() => setFailed({ src, offline: !navigator.onLine })}
      className={className}
      {...props}
    />
  )
}

import { useCardImageSrc } from '@/data'
import { t } from '@/i18n'
import { cx } from '@/ui/cx'
import { ImageWithFallback } from '@/ui/image-with-fallback'

/**
 * A listing's small square picture (the inbox, a thread's header, the Message Seller dialog): its card image, not
 * the full photo (docs/product.md#R-photo-offline), or the device's copy while it holds one; greyed when sold.
 * `sizePx` is the square's CSS size, for the browser's choice in srcset.
 */
export function ListingThumb({
  url,
  sold,
  sizePx,
  className,
}: {
  url: string | null | undefined
  sold?: boolean
  sizePx: number
  className?: string
}) {
  const image = useCardImageSrc(url ?? null)
  const classes = cx(
    'shrink-0 rounded-xl object-cover text-[0.6rem] leading-tight',
    sold && 'opacity-60 grayscale',
    className,
  )
  // While the device is asked whether it holds the photo: the square, empty (no broken image, no placeholder).
  if (image === undefined) return <div aria-hidden="true" className={cx(classes, 'bg-stone-100')} />
  return (
    <ImageWithFallback
      src={image?.src ?? null}
      {...(image?.srcSet ? { srcSet: image.srcSet, sizes: `${sizePx}px` } : {})}
      alt=""
      width={sizePx}
      height={sizePx}
      fallbackLabel={t('item.noImage')}
      className={classes}
    />
  )
}

import { ListingThumb as Thumb } from '@/shared/listing-thumb'

/** The conversation's listing picture (its card image), square, greyed when sold. */
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
  return <Thumb url={url} sold={sold} sizePx={sizePx} className={className} />
}

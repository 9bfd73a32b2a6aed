import { env } from '@/config/env'
import { resolveImageUrl } from '@/domain/listing-view'
import { t } from '@/i18n'
import { ImageWithFallback } from '@/ui/image-with-fallback'
import { cx } from '@/ui/cx'

/** The conversation's listing picture (its cover image), square, greyed when sold. */
export function ListingThumb({ url, sold, className }: { url: string | null | undefined; sold?: boolean; className?: string }) {
  return (
    <ImageWithFallback
      src={url ? resolveImageUrl(url, env.supabaseUrl) : null}
      alt=""
      fallbackLabel={t('item.noImage')}
      className={cx('shrink-0 rounded-xl object-cover text-[0.6rem] leading-tight', sold && 'opacity-60 grayscale', className)}
    />
  )
}

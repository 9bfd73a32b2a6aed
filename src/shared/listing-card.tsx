/**
 * The one listing card of the shop feed, the favourites and the landing grid (docs/product.md §2.2, §2.6, §3 UI listing
 * model): a 4:5 photo with the New badge and the heart, the price, title, brand · size, and location · seller.
 * Plain props, no data access: the screens map their rows and supply the actions.
 *
 * Sold (docs/product.md §2.6): no link, no heart, a SOLD overlay on a greyed photo and a struck price. The whole card is one
 * link (the title's, stretched), so keyboard users meet one stop per card plus its buttons.
 *
 * The photo (docs/decisions.md#D-card-images): the device's copy while it holds one (an unsent listing shows offline), else the bucket
 * file with the small card image in `srcset`, so a phone's 2-column grid downloads ≈ 480 px instead of 1600 px.
 * The box is 4:5 with width/height set, so nothing shifts whichever file loads.
 */
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { useCardImageSrc } from '@/data'
import { formatPrice } from '@/i18n/format'
import { t } from '@/i18n'
import { cssUrl } from '@/ui/css-url'
import { cx } from '@/ui/cx'
import { ImageWithFallback } from '@/ui/image-with-fallback'

export interface ListingCardProps {
  title: string
  /** Omitted when unknown (a favourite whose listing is gone). */
  price?: number
  /** The card photo's image_url: a storage path (resolved here, see above) or an http(s) URL; null shows the placeholder. */
  imageUrl: string | null
  brand?: string | null
  size?: string | null
  /** Shown as given (the screen applies the "Switzerland" fallback); omitted when undefined. */
  location?: string
  seller?: string
  isSold: boolean
  isNew: boolean
  /** Where the card leads (ignored when sold). */
  href: string
  /** The heart; omitted when there is no handler (and always for sold listings). */
  liked?: boolean
  onToggleLike?: () => void
  /** Extra actions under the card (the owner's Edit, Remove from favourites). */
  actions?: ReactNode
  /** A note above the title, e.g. "No longer available". */
  note?: ReactNode
  /** The first row of a grid: load the photo at once (it is likely the largest paint). */
  eager?: boolean
  /** A URL of this photo already on screen (painted from index.html): shown behind it until it has painted. */
  backdrop?: string
  /** The visually hidden heading level that names the card (h3 in grids under an h2). */
  headingLevel?: 2 | 3
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path d="M12 20s-7-4.4-7-10a4 4 0 017-2.6A4 4 0 0119 10c0 5.6-7 10-7 10z" strokeLinejoin="round" />
    </svg>
  )
}

/** The grid's column width: 2 columns on phones, 3 from 640 px, at most 280 px from 1024 px. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 640px) 33vw, 50vw'

function CardPhoto({
  imageUrl,
  title,
  eager,
  isSold,
}: {
  imageUrl: string | null
  title: string
  eager?: boolean
  isSold: boolean
}) {
  const image = useCardImageSrc(imageUrl)
  // A photo uploaded without a card image (older data): when the card fails, load the full photo alone.
  const [noCardFor, setNoCardFor] = useState<string | null>(null)
  const className = cx(
    'h-full w-full object-cover transition-transform',
    isSold ? 'opacity-60 grayscale' : 'motion-safe:group-hover:scale-[1.03]',
  )
  // Asking the device for its copy (one key read): the box stays blank rather than flashing a placeholder.
  if (image === undefined) return <div className="h-full w-full" aria-hidden="true" />
  const srcSet = image && image.srcSet && noCardFor !== image.src ? image.srcSet : null
  return (
    <ImageWithFallback
      src={image?.src ?? null}
      {...(srcSet ? { srcSet, sizes: CARD_IMAGE_SIZES, onError: () => setNoCardFor(image!.src) } : {})}
      alt={title}
      fallbackLabel={t('item.noImage')}
      width={400}
      height={500}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      className={className}
    />
  )
}

/**
 * "Brand · Size M" on one line. Size decides a click, so a long brand is cut ("Acne Stu… · Size One size"), never
 * the size ("Acne Studios · Size O…" hid it on a phone).
 */
function Details({ brand, size }: { brand?: string | null; size?: string | null }) {
  return (
    <p className="flex min-w-0 text-sm text-stone-600">
      {brand && <span className="min-w-0 truncate">{brand}</span>}
      {brand && size && <span className="shrink-0 whitespace-pre"> · </span>}
      {size && <span className="shrink-0 whitespace-nowrap">{t('feed.cardSize', { size })}</span>}
    </p>
  )
}

export function ListingCard(props: ListingCardProps) {
  const {
    title,
    price,
    imageUrl,
    brand,
    size,
    location,
    seller,
    isSold,
    isNew,
    href,
    liked = false,
    onToggleLike,
    actions,
    note,
    eager,
    backdrop,
  } = props
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3'
  const place = [location, seller].filter(Boolean).join(' · ')
  return (
    <article className={cx('group relative flex flex-col', isSold && 'text-stone-600')}>
      <div
        className="relative aspect-[4/5] overflow-hidden rounded-2xl bg-stone-100 bg-cover bg-center"
        style={backdrop ? { backgroundImage: cssUrl(backdrop) } : undefined}
      >
        <CardPhoto imageUrl={imageUrl} title={title} eager={eager} isSold={isSold} />
        {isNew && !isSold && (
          <span className="absolute top-2 left-2 rounded-full bg-amber-200 px-2.5 py-0.5 text-xs font-semibold text-stone-900">
            {t('landing.newBadge')}
          </span>
        )}
        {isSold && (
          <span className="absolute inset-0 flex items-center justify-center">
            <span className="rounded-md bg-stone-900/85 px-3 py-1 text-sm font-bold tracking-widest text-white">
              {t('shop.sold')}
            </span>
          </span>
        )}
        {onToggleLike && !isSold && (
          <button
            type="button"
            onClick={onToggleLike}
            aria-pressed={liked}
            aria-label={t(liked ? 'feed.cardUnlike' : 'feed.cardLike', { title })}
            className={cx(
              'absolute top-1 right-1 z-10 flex h-11 w-11 items-center justify-center rounded-full',
              'focus-visible:outline-3 focus-visible:outline-offset-[-4px] focus-visible:outline-green-700',
            )}
          >
            <span
              className={cx(
                'flex h-9 w-9 items-center justify-center rounded-full bg-white/90 shadow-sm',
                liked ? 'text-red-700' : 'text-stone-800',
              )}
            >
              <Heart filled={liked} />
            </span>
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-0.5 pt-2">
        {note}
        {price !== undefined && (
          <p className={cx('font-semibold', isSold ? 'line-through' : 'text-stone-900')}>
            {isSold && <span className="sr-only">{t('feed.cardSoldPrice')} </span>}
            {formatPrice(price)}
          </p>
        )}
        <Heading className="line-clamp-2 text-sm leading-snug text-stone-800">
          {isSold ? (
            title
          ) : (
            // The ring is drawn by the link's stretched layer around the whole card: on the title itself the
            // heading's two-line clamp (overflow hidden) cut it off.
            <Link
              to={href}
              className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-green-700"
            >
              {title}
            </Link>
          )}
        </Heading>
        {(brand || size) && <Details brand={brand} size={size} />}
        {place && <p className="truncate text-xs text-stone-600">{place}</p>}
        {actions && <div className="relative z-10 mt-2 flex flex-wrap gap-2">{actions}</div>}
      </div>
    </article>
  )
}

// The skeleton lives in its own module: the landing page's first paint shows it without the card's code.
export { ListingCardSkeleton } from '@/ui/listing-card-skeleton'

import { useLiveQuery } from 'dexie-react-hooks'
import { dismissListingNotice, listingNotices, useDatabase } from '@/data'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { cx } from '@/ui/cx'

/**
 * What happened to the seller's saves that the server did not keep (docs/product.md#R-listing-notices): each notice
 * names the listing and stays until the seller dismisses it. With `listingId`, only that listing's notice (its page).
 */
export function ListingNotices({
  userId,
  listingId,
  className,
}: {
  userId: string
  listingId?: string
  className?: string
}) {
  const db = useDatabase()
  const notices = useLiveQuery(() => listingNotices(db, userId), [db, userId])
  const shown = (notices ?? []).filter((n) => listingId === undefined || n.listing_id === listingId)
  if (!shown.length) return null
  return (
    <ul aria-label={t('listingNotice.heading')} className={cx('flex flex-col gap-2', className)}>
      {shown.map((n) => (
        <li
          key={n.listing_id}
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-amber-100 p-3 text-sm text-stone-900"
        >
          <p className="min-w-0 flex-1">
            <span className="font-semibold">{n.title}</span>
            {': '}
            {t(n.kind === 'deleted' ? 'listingNotice.deleted' : 'listingNotice.overwritten')}
          </p>
          <Button
            variant="outline"
            size="sm"
            aria-label={t('listingNotice.dismissLabel', { title: n.title })}
            onClick={() => void dismissListingNotice(db, n.listing_id)}
          >
            {t('listingNotice.dismiss')}
          </Button>
        </li>
      ))}
    </ul>
  )
}

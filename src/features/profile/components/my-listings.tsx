import { useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { groupMyListings, type MyListingGroup } from '@/domain/my-listings'
import { t } from '@/i18n'
import { Button, buttonClasses } from '@/ui/button'
import { ListingNotices } from '@/shared/listing-notices'
import { Skeleton } from '@/ui/skeleton'
import { useOnlineStatus } from '@/ui/use-online-status'
import { useMyListingActions } from '../hooks/use-my-listing-actions'
import { useMyListings } from '../hooks/use-my-listings'
import { MyListingRow } from './my-listing-row'

/** Rows shown per group until the seller asks for all (a seller with many listings keeps a short profile). */
export const MY_LISTINGS_PREVIEW = 5

/**
 * "My listings" (docs/decisions.md#D-my-listings) from the device's mirror, so it works offline: the seller's listings grouped as not
 * published (refused), waiting to sync, active and sold, each with its actions.
 */
export function MyListings({ userId }: { userId: string }) {
  const rows = useMyListings(userId)
  const actions = useMyListingActions()
  const online = useOnlineStatus()
  const [expanded, setExpanded] = useState<ReadonlySet<MyListingGroup>>(new Set())
  return (
    <section aria-labelledby="my-listings-title" className="flex flex-col gap-4">
      <h2 id="my-listings-title" className="text-xl font-semibold text-stone-900">
        {t('myListings.heading')}
      </h2>
      {!online && (
        <p role="status" className="rounded-xl bg-amber-100 p-3 text-sm text-stone-900">
          {t('myListings.offline')}
        </p>
      )}
      <ListingNotices userId={userId} />
      {rows === undefined ? (
        <div aria-busy="true" className="flex flex-col gap-3">
          <span role="status" className="sr-only">
            {t('myListings.loading')}
          </span>
          <Skeleton className="h-36 w-full rounded-2xl" />
          <Skeleton className="h-36 w-full rounded-2xl" />
        </div>
      ) : rows.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-stone-200 bg-stone-50 p-5">
          <p className="font-semibold text-stone-900">{t('myListings.empty')}</p>
          <p className="text-stone-700">{t('myListings.emptyText')}</p>
          <Link to={paths.sell} className={buttonClasses()}>
            {t('myListings.sellCta')}
          </Link>
        </div>
      ) : (
        groupMyListings(rows).map(({ group, rows: listed }) => (
          <section key={group} aria-labelledby={`my-listings-${group}`} className="flex flex-col gap-2">
            <h3 id={`my-listings-${group}`} className="text-sm font-semibold tracking-wide text-stone-700 uppercase">
              {t(`myListings.group.${group}`)} <span className="font-normal">({listed.length})</span>
            </h3>
            <ul className="flex flex-col gap-3">
              {(expanded.has(group) ? listed : listed.slice(0, MY_LISTINGS_PREVIEW)).map((l) => (
                <MyListingRow key={l.id} listing={l} group={group} actions={actions} />
              ))}
            </ul>
            {!expanded.has(group) && listed.length > MY_LISTINGS_PREVIEW && (
              <Button
                variant="outline"
                className="self-start"
                onClick={() => setExpanded((s) => new Set(s).add(group))}
              >
                {t('myListings.showAll', { count: listed.length, group: t(`myListings.group.${group}`) })}
              </Button>
            )}
          </section>
        ))
      )}
    </section>
  )
}

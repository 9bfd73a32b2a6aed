import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { Skeleton } from '@/ui/skeleton'
import { GALLERY_BOX, PAGE_GRID, PAGE_WRAP } from './item-layout'

/** The page's shape while the device has nothing to show yet: the same boxes, so nothing moves when it arrives. */
export function ItemSkeleton() {
  return (
    <div className={PAGE_WRAP} role="status" aria-busy="true">
      <span className="sr-only">{t('item.loading')}</span>
      <div className={PAGE_GRID}>
        <Skeleton className={`${GALLERY_BOX} rounded-none md:rounded-2xl`} />
        <div className="flex flex-col gap-3 px-4 pt-4 md:px-0 md:pt-0">
          <Skeleton className="h-6 w-28 rounded-full" />
          <Skeleton className="h-8 w-4/5" />
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-6 w-48" />
          <Skeleton className="mt-4 h-28 w-full" />
        </div>
      </div>
    </div>
  )
}

/**
 * "Item not found" (spec §2.11): unknown ids, sold listings, failed loads. Offline, it also says that the device
 * simply does not hold this item yet.
 */
export function ItemNotFound({ offline }: { offline: boolean }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{t('item.notFound')}</h1>
      <p className="text-stone-700">{t('item.notFoundText')}</p>
      {offline && <p className="rounded-lg bg-amber-100 px-4 py-2 text-sm text-stone-900">{t('item.offlineNotSaved')}</p>}
      <Link to={paths.shop} className={buttonClasses()}>
        {t('item.browseShop')}
      </Link>
    </div>
  )
}

/**
 * The item page's shape while the device has nothing to show yet: the same boxes as the page, so nothing moves
 * when it arrives. routes.tsx also shows it while the page's chunk loads (keep this file tiny: it is in the
 * first chunk). On a cold visit the first photo may show in its gallery box before the app has loaded
 * (PhotoSkeleton). At least a screen tall, so the footer stays below the fold until the page is there (CLS).
 */
import { t } from '@/i18n'
import { usePaintedFirstPhotos } from '@/data'
import { PhotoSkeleton, Skeleton } from '@/ui/skeleton'
import { GALLERY_BOX, PAGE_GRID, PAGE_WRAP } from './components/item-layout'

export function ItemSkeleton() {
  const [photo] = usePaintedFirstPhotos()
  return (
    <div className={`${PAGE_WRAP} min-h-dvh`} role="status" aria-busy="true">
      <span className="sr-only">{t('item.loading')}</span>
      <div className={PAGE_GRID}>
        <PhotoSkeleton className={`${GALLERY_BOX} md:rounded-2xl`} photo={photo} />
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

import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'

/**
 * "Item not found" (docs/product.md §2.11): unknown ids, sold listings, failed loads. Offline, it also says that the device
 * simply does not hold this item yet.
 */
export function ItemNotFound({ offline }: { offline: boolean }) {
  return (
    <div className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{t('item.notFound')}</h1>
      <p className="text-stone-700">{t('item.notFoundText')}</p>
      {offline && (
        <p className="rounded-lg bg-amber-100 px-4 py-2 text-sm text-stone-900">{t('item.offlineNotSaved')}</p>
      )}
      <Link to={paths.shop} className={buttonClasses()}>
        {t('item.browseShop')}
      </Link>
    </div>
  )
}

/** The listing left the device while its page was open (sold to someone else, or deleted). */
export function ItemGone() {
  return (
    <div className="mx-auto flex min-h-[70dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-20 text-center">
      <h1 className="text-2xl font-bold text-stone-900">{t('item.soldTitle')}</h1>
      <p className="text-stone-700">{t('item.soldText')}</p>
      <Link to={paths.shop} className={buttonClasses()}>
        {t('item.browseShop')}
      </Link>
    </div>
  )
}

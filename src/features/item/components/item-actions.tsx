import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { ListingRow } from '@/data'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { cx } from '@/ui/cx'
import { isAvailable } from '@/domain/item-page'
import { MessageSellerButton } from './message-seller-button'

/**
 * The page's one main action: "Edit listing" for the owner, "Message Seller" for everyone else while the item can
 * still be bought ("Item sold" once it is not). On phones it is
 * the details column's last element, stuck to the bottom of the screen above the tab bar while the column
 * scrolls; at the end of the page it rests in its own place, so it never covers content (nor the footer). On wide
 * screens it sits under the price.
 */
export function ItemActions({ listing, owner }: { listing: ListingRow; owner: boolean }) {
  return (
    <div
      data-bottom-bar
      className={cx(
        'sticky bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 order-last -mx-4 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur',
        'md:static md:order-none md:mx-0 md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none',
      )}
    >
      {owner ? (
        <Link to={paths.sellEdit(listing.id)} className={cx(buttonClasses({ size: 'lg' }), 'w-full')}>
          {t('item.editListing')}
        </Link>
      ) : isAvailable(listing) ? (
        <MessageSellerButton listing={listing} />
      ) : (
        <div role="status" className="rounded-lg bg-stone-100 px-4 py-3 text-center">
          <p className="font-semibold text-stone-900">{t('item.soldTitle')}</p>
          <p className="text-sm text-stone-700">{t('item.soldText')}</p>
        </div>
      )}
    </div>
  )
}

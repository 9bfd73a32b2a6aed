import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import type { ListingRow } from '@/db/rows'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { cx } from '@/ui/cx'
import { MessageSellerButton } from './message-seller-button'

/**
 * The page's one main action, fixed above the tab bar on phones (the page keeps room for it) and in the
 * details column on wide screens: "Edit listing" for the owner, "Message Seller" for everyone else.
 */
export function ItemActions({ listing, owner }: { listing: ListingRow; owner: boolean }) {
  return (
    <div
      className={cx(
        'fixed inset-x-0 bottom-[calc(4rem+env(safe-area-inset-bottom))] z-30 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur',
        'md:static md:z-auto md:border-0 md:bg-transparent md:p-0 md:backdrop-blur-none',
      )}
    >
      {owner ? (
        <Link to={paths.sellEdit(listing.id)} className={cx(buttonClasses({ size: 'lg' }), 'w-full')}>
          {t('item.editListing')}
        </Link>
      ) : (
        <MessageSellerButton listing={listing} />
      )}
    </div>
  )
}

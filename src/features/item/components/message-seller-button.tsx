import type { ListingRow } from '@/db/rows'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { useUserId } from '@/sync/use-session-user'
import { Button } from '@/ui/button'
import { toast } from '@/ui/toast/toast-store'

/**
 * The item page's "Message Seller" button (spec §2.11; the page shows it to everyone but the owner).
 * A visitor gets the §8 toast asking to log in.
 * TODO(H5): messaging replaces this body with the dialog of message-seller-dialog.tsx; until then a signed-in
 * buyer is told that messaging is coming.
 */
export function MessageSellerButton({ listing: _listing }: { listing: ListingRow }) {
  const userId = useUserId()
  const onClick = () => {
    if (userId === null) toast(renderToast(TOASTS.messageLoginRequired))
    else if (userId) toast({ title: t('item.messagingSoon'), description: t('item.messagingSoonDescription') })
  }
  return (
    <Button size="lg" className="w-full" onClick={onClick} disabled={userId === undefined}>
      {t('item.messageSeller')}
    </Button>
  )
}

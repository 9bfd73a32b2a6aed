import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useUserId, type ListingRow } from '@/data'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { Button } from '@/ui/button'
import { toast } from '@/ui/toast/toast-store'
import { MessageSellerDialog } from './message-seller-dialog'

/**
 * The item page's "Message Seller" button (docs/product.md §2.11; the page shows it to everyone but the owner).
 * A visitor gets the §8 toast asking to log in; a signed-in buyer gets the message dialog.
 */
export function MessageSellerButton({ listing }: { listing: ListingRow }) {
  const userId = useUserId()
  const [open, setOpen] = useState(false)
  const onClick = () => {
    if (userId === null) toast(renderToast(TOASTS.messageLoginRequired))
    else if (userId) setOpen(true)
  }
  // Arrived by a feed card's Message action (?message=1): as if the button was pressed, once the session is known;
  // the parameter goes, so Back or a reload does not open it again.
  const [params, setParams] = useSearchParams()
  const asked = params.get('message') === '1'
  const [answered, setAnswered] = useState(false)
  if (asked && !answered && userId) {
    // Adjusted while rendering (React's pattern for state that follows props), not in an effect.
    setAnswered(true)
    setOpen(true)
  }
  useEffect(() => {
    if (!asked || userId === undefined) return
    if (userId === null) toast(renderToast(TOASTS.messageLoginRequired))
    setParams(
      (p) => {
        p.delete('message')
        return p
      },
      { replace: true },
    )
  }, [asked, userId, setParams])
  return (
    <>
      <Button size="lg" className="w-full" onClick={onClick} disabled={userId === undefined}>
        {t('item.messageSeller')}
      </Button>
      {userId && <MessageSellerDialog listingId={listing.id} open={open} onClose={() => setOpen(false)} />}
    </>
  )
}

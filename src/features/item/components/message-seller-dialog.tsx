import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { conversationFor, useWriteContext } from '@/data'
import { joinName } from '@/domain/listing-view'
import { formatPrice } from '@/i18n/format'
import {
  canSend,
  composerKeyAction,
  messageSellerRefusal,
  messageSellerRefusalToast,
  messageText,
  type MessageSellerRefusal,
} from '@/domain/messaging'
import { renderToast, sellerName, t } from '@/i18n'
import { Button, buttonClasses } from '@/ui/button'
import { useSendMessage } from '@/shared/use-send-message'
import { Dialog } from '@/ui/dialog'
import { MessageSentStatus } from './message-sent-status'
import { ListingThumb } from '@/shared/listing-thumb'
import { toast } from '@/ui/toast/toast-store'
import { useOnlineStatus } from '@/ui/use-online-status'

/** Why the dialog cannot send, in the words of docs/product.md §8 ("own" has no catalogue text; the owner never sees the button). */
function Refusal({ refusal }: { refusal: MessageSellerRefusal }) {
  const text =
    refusal === 'sold'
      ? [t('toast.itemSold'), t('toast.itemSoldDescription')]
      : refusal === 'missing'
        ? [t('toast.listingUnavailable')]
        : refusal === 'login'
          ? [t('toast.loginRequired'), t('toast.messageLoginRequiredDescription')]
          : [t('messages.ownListing')]
  return (
    <div role="alert" className="rounded-xl bg-stone-100 px-4 py-3 text-stone-900">
      <p className="font-semibold">{text[0]}</p>
      {text[1] && <p className="text-stone-700">{text[1]}</p>}
      {refusal === 'login' && (
        <Link to={paths.auth('signin')} className={`${buttonClasses({ size: 'sm' })} mt-3`}>
          {t('messages.signIn')}
        </Link>
      )}
    </div>
  )
}

export interface MessageSellerDialogProps {
  listingId: string
  open: boolean
  onClose(): void
}

/**
 * Message Seller (docs/product.md §2.11, §4, §6, §8): the listing's picture, title and price, a message and Send. Sending is
 * one local write (the conversation is found or opened, then the message queued), so it works offline; the
 * sync engine delivers it exactly once. Refusals use the §8 texts; afterwards a link opens the thread.
 */
export function MessageSellerDialog({ listingId, open, onClose }: MessageSellerDialogProps) {
  const { db, userId } = useWriteContext()
  const { send: sendTo, sending } = useSendMessage()
  const online = useOnlineStatus()
  const fieldId = useId()
  const [text, setText] = useState('')
  const [sentId, setSentId] = useState<string | null>(null)
  const field = useRef<HTMLTextAreaElement>(null)
  const data = useLiveQuery(async () => {
    const listing = (await db.listings.get(listingId)) ?? null
    const existing = listing && userId ? await conversationFor(db, listingId, userId) : undefined
    // The message just sent, followed until the server has it (its conversation's id may change when adopted).
    const sent = sentId ? ((await db.messages.get(sentId)) ?? null) : null
    return { listing, existing: existing?.id ?? null, sent }
  }, [db, listingId, userId, sentId])
  const listing = data?.listing
  const refusal = data && userId !== undefined ? messageSellerRefusal(userId, listing) : null
  const sent = data?.sent ?? null
  const canWrite = open && !!data && !refusal && !sentId
  // The buyer opened the dialog to write: the field gets the focus (the dialog would give it to Close).
  useEffect(() => {
    if (canWrite) field.current?.focus()
  }, [canWrite])

  function close() {
    setSentId(null)
    onClose()
  }

  async function send() {
    const content = messageText(text)
    if (!content || sending || !userId) return
    const messageId = await sendTo(async () => {
      // Read again at the moment of sending: the listing may have been sold since the dialog opened.
      const fresh = await db.listings.get(listingId)
      const refused = messageSellerRefusal(userId, fresh)
      if (refused || !fresh) {
        const refusalToast = refused && messageSellerRefusalToast(refused)
        if (refusalToast) toast(renderToast(refusalToast))
        return null
      }
      return { listing_id: listingId, seller_id: fresh.user_id, buyer_id: userId }
    }, content)
    if (messageId === null) return
    setSentId(messageId)
    setText('')
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (composerKeyAction({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }) !== 'send')
      return
    e.preventDefault()
    void send()
  }

  const thread = sent?.conversation_id ?? data?.existing ?? null
  return (
    <Dialog open={open} onClose={close} title={t('item.messageSeller')}>
      {listing && (
        <div className="mb-4 flex items-center gap-3">
          <ListingThumb url={listing.cover_image_url} sizePx={64} className="h-16 w-16" />
          <div className="min-w-0">
            <p className="line-clamp-2 font-semibold text-stone-900">{listing.title}</p>
            <p className="text-stone-800">{formatPrice(listing.price)}</p>
            <p className="truncate text-sm text-stone-600">
              {t('messages.dialogTo', {
                name: sellerName(
                  joinName({ first_name: listing.seller_first_name, last_name: listing.seller_last_name }),
                ),
              })}
            </p>
          </div>
        </div>
      )}
      {sent ? (
        <MessageSentStatus message={sent} online={online} />
      ) : sentId ? null : refusal ? (
        <Refusal refusal={refusal} />
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void send()
          }}
          className="flex flex-col gap-3"
        >
          <label htmlFor={fieldId} className="font-semibold text-stone-900">
            {t('messages.dialogLabel')}
          </label>
          <textarea
            id={fieldId}
            ref={field}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            rows={4}
            maxLength={2000}
            placeholder={t('messages.dialogPlaceholder')}
            className="w-full resize-y rounded-xl border border-stone-300 px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus-visible:border-green-700 focus-visible:outline-2 focus-visible:outline-green-700"
          />
          <p className="text-sm text-stone-600">{t('messages.composerHint')}</p>
          <Button type="submit" size="lg" disabled={!canSend(text, sending) || !data}>
            {sending ? t('inbox.sending') : t('inbox.send')}
          </Button>
        </form>
      )}
      {thread && (
        <Link to={paths.conversation(thread)} className={`${buttonClasses({ variant: 'outline' })} mt-3 w-full`}>
          {t('messages.openThread')}
        </Link>
      )}
    </Dialog>
  )
}

import { memo, useCallback } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { syncFailureOf, type MessageRow } from '@/data'
import { canRetryFailure } from '@/domain/errors'
import { joinName } from '@/domain/listing-view'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { useSendMessage } from '@/shared/use-send-message'
import { Skeleton } from '@/ui/skeleton'
import { useMarkRead } from '../hooks/use-mark-read'
import { useRetryConversation } from '../hooks/use-retry-conversation'
import { useThread } from '../hooks/use-thread'
import { Composer } from './composer'
import { ThreadHeader } from './thread-header'
import { ThreadMessages } from './thread-messages'

const refusedAsUnavailable = (m: MessageRow): boolean =>
  m.sync_state === 'failed' && m.sync_error !== undefined && !canRetryFailure(syncFailureOf(m.sync_error))

/**
 * The right pane: one conversation with its listing, its messages and the composer (or why it is closed). Memoised:
 * the page around it re-renders when the inbox list changes, the thread only when its own query does.
 */
export const ThreadView = memo(function ThreadView({
  conversationId,
  userId,
}: {
  conversationId: string
  userId: string
}) {
  const data = useThread(conversationId, userId)
  const { send, sending } = useSendMessage()
  const retry = useRetryConversation()
  useMarkRead(data?.conversation, data?.messages)
  const onRetry = useCallback(() => void retry(conversationId), [retry, conversationId])

  if (data === undefined) {
    return (
      <div className="flex flex-1 flex-col gap-3 p-4" aria-busy="true">
        <Skeleton className="h-12 w-2/3" />
        <Skeleton className="h-10 w-1/2" />
        <Skeleton className="ml-auto h-10 w-1/2" />
      </div>
    )
  }
  if (data === null) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-6 text-center">
        <p className="text-stone-700">{t('messages.conversationMissing')}</p>
        <Link to={paths.messages} className={buttonClasses({ variant: 'outline' })}>
          {t('messages.backToList')}
        </Link>
      </div>
    )
  }

  const { conversation, listing, counterpart, messages } = data
  const name = joinName(counterpart) ?? t('common.anonymous')
  // Sold as far as the device knows, or the server refused a message because the item is no longer available.
  const sold = listing?.status === 'sold' || messages.some(refusedAsUnavailable)
  return (
    <section
      aria-label={t('messages.threadWith', { name, title: listing?.title ?? t('messages.unknownListing') })}
      className="flex min-h-0 flex-1 flex-col"
    >
      <ThreadHeader listing={listing} counterpartName={name} />
      <ThreadMessages messages={messages} userId={userId} onRetry={onRetry} />
      {sold ? (
        <div
          role="note"
          className="border-t border-stone-200 bg-stone-100 px-4 py-3 text-center text-sm text-stone-800"
        >
          <p className="font-semibold text-stone-900">{t('toast.itemSold')}</p>
          <p>
            {t('toast.itemSoldDescription')} {t('messages.closedSold')}
          </p>
        </div>
      ) : (
        <Composer sending={sending} onSend={async (text) => (await send(conversation, text)) !== null} />
      )}
    </section>
  )
})

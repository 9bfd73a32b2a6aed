import { memo } from 'react'
import { renderSyncFailure, syncFailureOf, type MessageRow } from '@/data'
import { canRetryFailure, sameSyncFailure } from '@/domain/errors'
import { messageState } from '@/domain/inbox-view'
import { t } from '@/i18n'
import { formatTime } from '@/i18n/format'
import { cx } from '@/ui/cx'
import { LinkifiedText } from './linkified-text'

const timeOf = (iso: string): string => formatTime(iso)

export interface MessageBubbleProps {
  message: MessageRow
  mine: boolean
  onRetry?: () => void
}

/** One message: mine on the right with its state (queued, sent, not sent + Retry), theirs on the left. */
function MessageBubbleView({ message, mine, onRetry }: MessageBubbleProps) {
  const state = messageState(message.sync_state)
  const failure = message.sync_error === undefined ? undefined : syncFailureOf(message.sync_error)
  // A message about an item that sold or was deleted cannot go however often it is sent: no Retry for it.
  const retry = failure === undefined || canRetryFailure(failure) ? onRetry : undefined
  return (
    <div
      className={cx('flex flex-col', mine ? 'items-end' : 'items-start')}
      data-message-id={message.id}
      data-state={mine ? state : undefined}
    >
      <div
        className={cx(
          'max-w-[85%] rounded-2xl px-4 py-2 text-base break-words whitespace-pre-wrap sm:max-w-[70%]',
          // One colour pair per state: two competing text colours would leave the winner to the stylesheet's order.
          !mine
            ? 'rounded-bl-md bg-stone-100 text-stone-900'
            : state === 'failed'
              ? 'rounded-br-md bg-red-50 text-stone-900 ring-1 ring-red-300'
              : 'rounded-br-md bg-green-800 text-white',
        )}
      >
        <LinkifiedText text={message.content} />
      </div>
      <p className="mt-1 flex items-center gap-2 px-1 text-xs text-stone-600">
        <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
        {mine && state === 'sent' && <span>{t('messages.state.sent')}</span>}
        {mine && state === 'queued' && (
          <span className="inline-flex items-center gap-1 text-amber-800" title={t('messages.state.queuedHint')}>
            <svg
              viewBox="0 0 16 16"
              className="h-3.5 w-3.5"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.6"
            >
              <circle cx="8" cy="8" r="6.5" />
              <path d="M8 4.5V8l2.5 1.5" strokeLinecap="round" />
            </svg>
            {t('messages.state.queued')}
          </span>
        )}
        {mine && state === 'failed' && (
          <>
            <span className="font-semibold text-red-700" role="status">
              {t('messages.state.failed')}
              {message.sync_error ? `: ${renderSyncFailure(message.sync_error)}` : ''}
            </span>
            {retry && (
              <button
                type="button"
                onClick={retry}
                className="-my-2 min-h-11 rounded-full px-3 font-semibold text-green-800 underline underline-offset-2 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-green-700"
              >
                {t('messages.retry')}
              </button>
            )}
          </>
        )}
      </p>
    </div>
  )
}

/** What a bubble shows: a re-read thread (new row objects every time) re-renders only the bubbles that changed. */
const sameBubble = (a: MessageBubbleProps, b: MessageBubbleProps): boolean =>
  a.mine === b.mine &&
  a.onRetry === b.onRetry &&
  a.message.id === b.message.id &&
  a.message.content === b.message.content &&
  a.message.created_at === b.message.created_at &&
  a.message.sync_state === b.message.sync_state &&
  sameSyncFailure(a.message.sync_error, b.message.sync_error)

export const MessageBubble = memo(MessageBubbleView, sameBubble)

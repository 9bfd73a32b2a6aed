import { useLayoutEffect, useMemo, useRef, useState } from 'react'
import type { MessageRow } from '@/data'
import { dayLabel, groupByDay } from '@/domain/inbox-view'
import { t } from '@/i18n'
import { formatDay } from '@/i18n/format'
import { MessageBubble } from './message-bubble'

/** Messages rendered at first; "Show earlier messages" adds this many more above. */
export const THREAD_WINDOW = 50

function DaySeparator({ day, first }: { day: string; first: string }) {
  const label = dayLabel(day, new Date())
  const text =
    label === 'today' ? t('messages.today') : label === 'yesterday' ? t('messages.yesterday') : formatDay(first)
  return (
    <div role="separator" aria-label={text} className="my-2 flex items-center gap-3 text-xs font-medium text-stone-600">
      <span className="h-px flex-1 bg-stone-200" aria-hidden="true" />
      <span aria-hidden="true">{text}</span>
      <span className="h-px flex-1 bg-stone-200" aria-hidden="true" />
    </div>
  )
}

export interface ThreadMessagesProps {
  messages: readonly MessageRow[]
  userId: string
  onRetry(): void
}

/**
 * The thread, oldest at the top: opens at the newest message, follows new ones while the reader is at the bottom
 * (always for the reader's own), and keeps the reader's place when earlier messages are shown above.
 */
export function ThreadMessages({ messages, userId, onRetry }: ThreadMessagesProps) {
  const [shown, setShown] = useState(THREAD_WINDOW)
  const scroller = useRef<HTMLDivElement>(null)
  const atBottom = useRef(true)
  const heightBeforeOlder = useRef<number | null>(null)
  const visible = useMemo(() => messages.slice(Math.max(0, messages.length - shown)), [messages, shown])
  const groups = useMemo(() => groupByDay(visible), [visible])
  const newest = messages[messages.length - 1]

  useLayoutEffect(() => {
    const el = scroller.current
    if (!el) return
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current
      heightBeforeOlder.current = null
    } else if (atBottom.current || newest?.sender_id === userId) {
      el.scrollTop = el.scrollHeight
    }
  }, [visible, newest, userId])

  function showOlder() {
    heightBeforeOlder.current = scroller.current?.scrollHeight ?? null
    setShown((n) => n + THREAD_WINDOW)
  }

  return (
    <div
      ref={scroller}
      onScroll={(e) => {
        const el = e.currentTarget
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48
      }}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain bg-stone-50/60 px-3 py-4 md:px-5"
      data-testid="thread-scroller"
    >
      {messages.length > shown && (
        <div className="mb-3 flex justify-center">
          <button
            type="button"
            onClick={showOlder}
            className="min-h-11 rounded-full px-4 text-sm font-semibold text-green-800 hover:bg-stone-100 focus-visible:outline-3 focus-visible:outline-green-700"
          >
            {t('messages.loadOlder')}
          </button>
        </div>
      )}
      {messages.length === 0 ? (
        <p className="py-10 text-center text-stone-600">{t('messages.noMessagesYet')}</p>
      ) : (
        <div role="log" aria-live="polite" aria-label={t('inbox.title')} className="flex flex-col gap-2">
          {groups.map((g) => [
            <DaySeparator key={`day-${g.day}`} day={g.day} first={g.messages[0]!.created_at} />,
            ...g.messages.map((m) => (
              <MessageBubble key={m.id} message={m} mine={m.sender_id === userId} onRetry={onRetry} />
            )),
          ])}
        </div>
      )}
    </div>
  )
}

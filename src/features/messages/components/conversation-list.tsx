import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { relativeTime } from '@/domain/inbox-view'
import { joinName } from '@/domain/listing-view'
import { messagePreview } from '@/domain/messaging'
import { render, t } from '@/i18n'
import { formatDayMonth } from '@/i18n/format'
import { cx } from '@/ui/cx'
import type { InboxItem } from '../hooks/use-inbox'
import { useNow } from '@/ui/use-now'
import { ListingThumb } from './listing-thumb'

function when(iso: string | undefined, now: number): string {
  if (!iso) return ''
  const rel = relativeTime(iso, now)
  return rel ? render(rel) : formatDayMonth(iso)
}

function Row({ item, userId, selected, now }: { item: InboxItem; userId: string; selected: boolean; now: number }) {
  const { conversation, listing, counterpart, latest, unread } = item
  const name = joinName(counterpart) ?? t('common.anonymous')
  const sold = listing?.status === 'sold'
  const preview = latest
    ? `${latest.sender_id === userId ? t('messages.you') : ''}${messagePreview(latest.content)}`
    : t('messages.noMessagesYet')
  return (
    <li>
      <Link
        to={paths.conversation(conversation.id)}
        aria-current={selected ? 'page' : undefined}
        className={cx(
          'flex min-h-18 items-center gap-3 px-4 py-3 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-green-700',
          selected ? 'bg-green-50' : 'hover:bg-stone-50',
        )}
      >
        <ListingThumb url={listing?.cover_image_url} sold={sold} sizePx={56} className="h-14 w-14" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2">
            <span className={cx('truncate text-stone-900', unread.length ? 'font-bold' : 'font-semibold')}>{name}</span>
            <span className="ml-auto shrink-0 text-xs text-stone-600">
              {when(latest?.created_at ?? conversation.last_message_at ?? undefined, now)}
            </span>
          </span>
          <span className="flex items-center gap-1.5 text-sm text-stone-700">
            <span className="truncate">{listing?.title ?? t('messages.unknownListing')}</span>
            {sold && (
              <span className="shrink-0 rounded-full bg-stone-200 px-2 text-xs font-semibold text-stone-800">
                {t('messages.sold')}
              </span>
            )}
          </span>
          <span className="flex items-center gap-2">
            <span className={cx('truncate text-sm', unread.length ? 'font-semibold text-stone-900' : 'text-stone-600')}>
              {preview}
            </span>
            {unread.length > 0 && (
              <span className="ml-auto flex h-6 min-w-6 shrink-0 items-center justify-center rounded-full bg-green-800 px-1.5 text-xs font-bold text-white">
                <span aria-hidden="true">{unread.length}</span>
                <span className="sr-only">{t('messages.unreadCount', { n: unread.length })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  )
}

export interface ConversationListProps {
  items: readonly InboxItem[]
  userId: string
  selectedId: string | null
}

/** The left pane: conversations, newest activity first (docs/product.md §7.2 inbox). */
export function ConversationList({ items, userId, selectedId }: ConversationListProps) {
  const now = useNow()
  return (
    <ul aria-label={t('messages.listLabel')} className="divide-y divide-stone-200">
      {items.map((item) => (
        <Row key={item.id} item={item} userId={userId} selected={item.id === selectedId} now={now} />
      ))}
    </ul>
  )
}

import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { paths } from '@/config/paths'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { useUserId } from '@/data'
import { buttonClasses } from '@/ui/button'
import { cx } from '@/ui/cx'
import { Skeleton } from '@/ui/skeleton'
import { toast } from '@/ui/toast/toast-store'
import { useOnlineStatus } from '@/ui/use-online-status'
import { ConversationList } from './components/conversation-list'
import { ThreadView } from './components/thread-view'
import { useElementHeight } from './hooks/use-element-height'
import { useInbox } from './hooks/use-inbox'
import { NewMessageToaster } from './new-message-toaster'

/** Conversation query parameter: paths.conversation(id) = /messages?c=<id>. */
const CONVERSATION_PARAM = 'c'

function LoggedOut() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-stone-900">{t('inbox.loggedOutTitle')}</h1>
      <p className="text-lg text-stone-700">{t('inbox.loggedOutText')}</p>
      <Link to={paths.auth('signin')} className={buttonClasses()}>
        {t('messages.signIn')}
      </Link>
    </div>
  )
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-4 p-4" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="h-14 w-14 shrink-0" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-3 w-1/2" />
          </div>
        </div>
      ))}
    </div>
  )
}

function EmptyInbox() {
  return (
    <div className="flex min-h-full flex-col items-center justify-center gap-3 px-6 py-12 text-center">
      <svg
        viewBox="0 0 24 24"
        className="h-10 w-10 text-green-800"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      >
        <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
      </svg>
      <p className="text-lg font-semibold text-stone-900">{t('inbox.empty')}</p>
      <p className="max-w-sm text-stone-700">{t('messages.emptyText')}</p>
      <Link to={paths.shop} className={buttonClasses({ variant: 'outline' })}>
        {t('messages.browse')}
      </Link>
    </div>
  )
}

/** The right pane (on phones the whole screen once a conversation is chosen): the open thread, or a hint. */
function ThreadPane({ selected, userId }: { selected: string | null; userId: string | undefined }) {
  return (
    <div className={cx('min-w-0 flex-1 flex-col', selected ? 'flex' : 'hidden md:flex')}>
      {selected && userId ? (
        <ThreadView key={selected} conversationId={selected} userId={userId} />
      ) : selected ? (
        <div className="flex flex-1 flex-col gap-3 p-4" aria-busy="true">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-10 w-1/2" />
        </div>
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center">
          <p className="text-lg font-semibold text-stone-900">{t('inbox.selectConversation')}</p>
          <p className="text-stone-700">{t('messages.selectHint')}</p>
        </div>
      )}
    </div>
  )
}

/**
 * /messages (docs/product.md §2.7): the conversation list and the open thread side by side on wide screens; on phones the
 * list, then the thread with Back. The open conversation lives in the URL (?c=<id>), so Back and reloads keep it.
 */
export function MessagesPage() {
  const userId = useUserId()
  const [params] = useSearchParams()
  const selected = params.get(CONVERSATION_PARAM)
  const inbox = useInbox(userId)
  const online = useOnlineStatus()
  // Fills the space between the sticky header and the fixed tab bar (4rem), so the composer sits above the tab bar.
  const headerPx = useElementHeight('site-header')

  useEffect(() => {
    if (inbox === 'error') toast(renderToast(TOASTS.inboxFailed))
  }, [inbox])

  if (userId === null) return <LoggedOut />
  // Nothing to choose from: the empty state gets the whole panel (not "choose a conversation on the left").
  const nothingYet = Array.isArray(inbox) && inbox.length === 0 && !selected

  return (
    <div
      style={{ height: `calc(100dvh - ${headerPx}px - 4rem - env(safe-area-inset-bottom))` }}
      className="mx-auto flex min-h-[28rem] w-full max-w-6xl flex-col md:px-4 md:py-4"
    >
      <NewMessageToaster />
      <h1
        className={cx('px-4 pt-4 pb-2 text-2xl font-bold text-stone-900 md:px-0 md:pt-0', selected && 'max-md:sr-only')}
      >
        {t('inbox.title')}
      </h1>
      {!online && (
        <p role="status" className="mx-4 mb-2 rounded-xl bg-amber-100 px-3 py-2 text-sm text-stone-900 md:mx-0">
          {t('messages.offline')}
        </p>
      )}
      <div className="flex min-h-0 flex-1 overflow-hidden border-stone-200 bg-white md:rounded-2xl md:border">
        <nav
          aria-label={t('messages.listLabel')}
          className={cx(
            'min-h-0 w-full overflow-y-auto md:block',
            !nothingYet && 'md:w-80 md:shrink-0 md:border-r md:border-stone-200 lg:w-96',
            selected ? 'hidden' : 'block',
          )}
        >
          {userId === undefined || inbox === undefined ? (
            <ListSkeleton />
          ) : inbox === 'error' ? (
            <p className="p-6 text-center text-stone-700">{t('toast.inboxFailed')}</p>
          ) : inbox.length === 0 ? (
            <EmptyInbox />
          ) : (
            <ConversationList items={inbox} userId={userId} selectedId={selected} />
          )}
        </nav>
        {!nothingYet && <ThreadPane selected={selected} userId={userId} />}
      </div>
    </div>
  )
}

import { NavLink } from 'react-router-dom'
import { paths } from '@/config/paths'
import { useUnreadTotal } from '@/features/messages/hooks/use-unread-total'
import { t } from '@/i18n'
import { useUserId } from '@/data'
import { cx } from '@/ui/cx'

/** The header's "Messages" link with the signed-in user's total unread count (docs/decisions.md#D-read-marks); nothing when signed out. */
export function MessagesLink({ className }: { className?: string }) {
  const userId = useUserId()
  const unread = useUnreadTotal()
  if (!userId) return null
  const label = unread > 0 ? t('messages.linkUnread', { n: unread }) : t('messages.linkLabel')
  return (
    <NavLink
      to={paths.messages}
      aria-label={label}
      className={({ isActive }) =>
        cx(
          'relative inline-flex h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
          isActive ? 'bg-green-50 text-green-900' : 'text-stone-800 hover:bg-stone-100',
          className,
        )
      }
    >
      <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
      </svg>
      {/* Between lg and 2xl the header also holds the tabs: the icon and its count (and the link's name) say it. */}
      <span className="hidden sm:inline lg:hidden 2xl:inline">{t('messages.linkLabel')}</span>
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-total"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[0.7rem] leading-none font-bold text-white sm:static"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  )
}

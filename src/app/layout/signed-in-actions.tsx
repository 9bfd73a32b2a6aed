import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import type { HeaderSession } from '../header-account'
import { MessagesLink } from './messages-link'
import { SignOutButton } from './sign-out-button'

/** The header's account area when signed in: Messages (with the unread total), the avatar to the profile, Sign Out. */
export function SignedInActions({ session }: { session: Extract<HeaderSession, { status: 'signed-in' }> }) {
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <MessagesLink />
      <Link
        to={paths.profile}
        aria-label={t('shellSession.signedInAs', { name: session.displayName })}
        title={t('shellSession.signedInAs', { name: session.displayName })}
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700"
      >
        <span
          aria-hidden="true"
          className="flex h-9 w-9 items-center justify-center rounded-full bg-amber-200 font-semibold text-stone-900"
        >
          {session.initial}
        </span>
      </Link>
      <SignOutButton signOut={session.signOut} />
    </div>
  )
}

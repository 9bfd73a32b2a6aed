import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'

/** /profile signed out (docs/product.md §2.9): Create Account → /auth?mode=signup, Sign In → /auth?mode=signin. */
export function JoinPrompt() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <span
        aria-hidden="true"
        className="flex h-16 w-16 items-center justify-center rounded-full bg-amber-100 text-green-800"
      >
        <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" strokeLinecap="round" />
        </svg>
      </span>
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900">{t('profile.joinTitle')}</h1>
      <p className="text-lg text-stone-700">{t('profile.joinText')}</p>
      <div className="mt-2 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.auth('signup')} className={buttonClasses({ size: 'lg' })}>
          {t('profile.createAccount')}
        </Link>
        <Link to={paths.auth('signin')} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          {t('profile.signIn')}
        </Link>
      </div>
    </div>
  )
}

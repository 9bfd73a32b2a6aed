import { useState } from 'react'
import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { buttonClasses } from '@/ui/button'
import { AuthConfirmation } from './components/auth-confirmation'
import { NewPasswordForm } from './components/new-password-form'
import { LoadingSpinner } from './components/loading-spinner'
import { useRecoveryState } from './hooks/use-recovery-state'
import { useRedirectHome } from './hooks/use-redirect-home'

/**
 * /auth/reset-password, where the reset e-mail's link leads (docs/product.md §2.1, §7.1). supabase-js reads the link's
 * session from the URL; with it the user sets a new password, sees the confirmation and goes home after 1.5 s.
 * A refused link (expired, already used) says so and offers a new one.
 */
export function ResetPasswordPage() {
  const state = useRecoveryState()
  const [done, setDone] = useState(false)
  useRedirectHome(done)

  if (!state) return <LoadingSpinner label={t('resetScreen.checking')} />
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900">
        {t(state.kind === 'invalid' ? 'resetScreen.invalidTitle' : 'resetScreen.title')}
      </h1>
      {done ? (
        <div className="mt-8">
          <AuthConfirmation title={t('resetScreen.updated')} text={t('resetScreen.confirmed')} />
        </div>
      ) : state.kind === 'invalid' ? (
        <div className="mt-4 flex flex-col items-start gap-6">
          <p className="text-stone-700">{t('resetScreen.invalidText')}</p>
          <Link to={paths.auth('reset')} className={buttonClasses()}>
            {t('resetScreen.requestNew')}
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-2 text-stone-700">
            {state.email ? t('resetScreen.intro', { email: state.email }) : t('resetScreen.introNoEmail')}
          </p>
          <div className="mt-8">
            <NewPasswordForm onDone={() => setDone(true)} />
          </div>
        </>
      )}
    </div>
  )
}

import { useState } from 'react'
import { Navigate, useSearchParams } from 'react-router-dom'
import { paths } from '@/config/paths'
import { authModeOf } from '@/domain/account-screens'
import type { AuthMode } from '@/domain/errors'
import { t } from '@/i18n'
import { AuthConfirmation } from './components/auth-confirmation'
import { AuthForm } from './components/auth-form'
import { ModeLinks } from './components/mode-links'
import { LoadingSpinner } from './components/loading-spinner'
import { useAuthSubmit } from './hooks/use-auth-submit'
import { useRedirectHome } from './hooks/use-redirect-home'
import { useAccountStatus } from './hooks/use-account-status'

const TITLE = { signin: 'auth.signInTitle', signup: 'auth.signUpTitle', reset: 'auth.resetTitle' } as const
const INTRO = {
  signin: 'authScreen.signInIntro',
  signup: 'authScreen.signUpIntro',
  reset: 'authScreen.resetIntro',
} as const

type Done = { mode: AuthMode; signedIn: boolean }

function confirmationText(done: Done): string {
  if (done.mode === 'signin') return t('auth.confirmedSignIn')
  if (done.mode === 'reset') return t('auth.confirmedReset')
  return t(done.signedIn ? 'auth.confirmedSignUp' : 'authScreen.confirmedSignUpCheckEmail')
}

/**
 * /auth (docs/product.md §2.5, §4): sign-in, sign-up and reset in one form, the mode in the query string. A signed-in visitor
 * is sent home; a successful submit shows its confirmation, then goes home after 1.5 s.
 */
export function AuthPage() {
  const [params, setParams] = useSearchParams()
  const mode = authModeOf(params.get('mode'))
  const status = useAccountStatus()
  const submit = useAuthSubmit()
  const [done, setDone] = useState<Done | null>(null)
  // While a submit runs the session turns signed-in before its confirmation shows: not a visit to send away.
  const [submitting, setSubmitting] = useState(false)
  useRedirectHome(done !== null)

  const onSubmit: typeof submit = async (m, values) => {
    setSubmitting(true)
    const result = await submit(m, values)
    if (!result.ok) setSubmitting(false)
    return result
  }

  const switchMode = (next: AuthMode) => setParams({ mode: next }, { replace: true })

  if (done) {
    return (
      <Frame title={t(TITLE[done.mode])}>
        <AuthConfirmation text={confirmationText(done)} />
      </Frame>
    )
  }
  if (status === 'loading') return <LoadingSpinner label={t('authScreen.checkingSession')} />
  if (status === 'signed-in' && !submitting) return <Navigate to={paths.home} replace />

  return (
    <Frame title={t(TITLE[mode])} intro={t(INTRO[mode])}>
      <AuthForm mode={mode} onSubmit={onSubmit} onDone={(r) => setDone({ mode, signedIn: r.signedIn })} />
      <ModeLinks mode={mode} onSwitch={switchMode} />
    </Frame>
  )
}

function Frame({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-green-900">{title}</h1>
      {intro && <p className="mt-2 text-stone-700">{intro}</p>}
      <div className="mt-8 flex flex-col gap-6">{children}</div>
    </div>
  )
}

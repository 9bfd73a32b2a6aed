import type { AuthMode } from '@/domain/errors'
import { t } from '@/i18n'

const LINK =
  'min-h-11 rounded-lg px-2 font-semibold text-green-800 underline-offset-4 hover:underline focus-visible:outline-3 focus-visible:outline-green-700'

/** The switches between the modes; each rewrites the query string (docs/product.md §2.5). */
export function ModeLinks({ mode, onSwitch }: { mode: AuthMode; onSwitch: (mode: AuthMode) => void }) {
  if (mode === 'reset') {
    return (
      <div className="flex justify-center">
        <button type="button" className={LINK} onClick={() => onSwitch('signin')}>
          {t('auth.backToSignIn')}
        </button>
      </div>
    )
  }
  return (
    <div className="flex flex-col items-center gap-1 text-center">
      {mode === 'signin' && (
        <button type="button" className={LINK} onClick={() => onSwitch('reset')}>
          {t('auth.forgotPassword')}
        </button>
      )}
      <button type="button" className={LINK} onClick={() => onSwitch(mode === 'signin' ? 'signup' : 'signin')}>
        {t(mode === 'signin' ? 'auth.needAccount' : 'auth.haveAccount')}
      </button>
    </div>
  )
}

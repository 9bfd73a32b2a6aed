import { useState } from 'react'
import { signOutFailureToast } from '@/domain/errors'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { Button, buttonClasses } from '@/ui/button'
import { cx } from '@/ui/cx'
import { Dialog } from '@/ui/dialog'
import { toast } from '@/ui/toast/toast-store'
import type { SignOutResult } from '@/data'

/**
 * Sign Out (docs/product.md §2.4, §8). With writes still queued it asks first ("N changes have not been sent yet") and only
 * an explicit "Sign out and delete them" drops them; staying signed in keeps them for the next connection.
 */
export function SignOutButton({ signOut }: { signOut: (opts?: { confirmed?: boolean }) => Promise<SignOutResult> }) {
  const [busy, setBusy] = useState(false)
  const [unsent, setUnsent] = useState(0)

  const run = async (confirmed: boolean) => {
    setBusy(true)
    const r = await signOut({ confirmed }).catch((e: unknown): SignOutResult => ({
      signedOut: false,
      message: e instanceof Error ? e.message : String(e),
    }))
    setBusy(false)
    if (r.signedOut) {
      setUnsent(0)
      toast(renderToast(TOASTS.signOutSuccess))
    } else if ('unsentWrites' in r) {
      setUnsent(r.unsentWrites)
    } else {
      setUnsent(0)
      toast(renderToast(signOutFailureToast()))
    }
  }

  return (
    <>
      {/* On phones an icon (the header row is narrow), with the words for screen readers; from sm the words. */}
      <button
        type="button"
        disabled={busy}
        onClick={() => void run(false)}
        className={cx(
          buttonClasses({ variant: 'ghost', size: 'sm' }),
          'w-11 shrink-0 px-0 whitespace-nowrap sm:w-auto sm:px-3',
        )}
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          className="h-5 w-5 shrink-0 sm:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path
            d="M15 4h3a2 2 0 012 2v12a2 2 0 01-2 2h-3M10 17l5-5-5-5M15 12H3"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="sr-only sm:not-sr-only">
          {t(busy && unsent === 0 ? 'shellSession.signingOut' : 'header.signOut')}
        </span>
      </button>
      <Dialog
        open={unsent > 0}
        onClose={() => setUnsent(0)}
        title={unsent === 1 ? t('shellSession.unsentTitleOne') : t('shellSession.unsentTitleMany', { count: unsent })}
        description={t('shellSession.unsentText')}
        footer={
          <div className="flex w-full flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="destructive" onClick={() => void run(true)} disabled={busy}>
              {t(busy ? 'shellSession.signingOut' : 'shellSession.signOutAnyway')}
            </Button>
            <Button variant="outline" onClick={() => setUnsent(0)} disabled={busy} autoFocus>
              {t('shellSession.staySignedIn')}
            </Button>
          </div>
        }
      />
    </>
  )
}

import { useState } from 'react'
import { signOutFailureToast } from '@/domain/errors'
import { TOASTS } from '@/domain/toasts'
import { renderToast, t } from '@/i18n'
import { Button, buttonClasses } from '@/ui/button'
import { Dialog } from '@/ui/dialog'
import { toast } from '@/ui/toast/toast-store'
import type { SignOutResult } from '@/sync/session'

/**
 * Sign Out (spec §2.4, §8). With writes still queued it asks first ("N changes have not been sent yet") and only
 * an explicit "Sign out and delete them" drops them; staying signed in keeps them for the next connection.
 */
export function SignOutButton({ signOut }: { signOut: (opts?: { confirmed?: boolean }) => Promise<SignOutResult> }) {
  const [busy, setBusy] = useState(false)
  const [unsent, setUnsent] = useState(0)

  const run = async (confirmed: boolean) => {
    setBusy(true)
    const r = await signOut({ confirmed }).catch((e: unknown): SignOutResult => ({ signedOut: false, message: e instanceof Error ? e.message : String(e) }))
    setBusy(false)
    if (r.signedOut) {
      setUnsent(0)
      toast(renderToast(TOASTS.signOutSuccess))
    } else if ('unsentWrites' in r) {
      setUnsent(r.unsentWrites)
    } else {
      setUnsent(0)
      toast(renderToast(signOutFailureToast(r.message)))
    }
  }

  return (
    <>
      <button type="button" disabled={busy} onClick={() => void run(false)} className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        {t(busy && unsent === 0 ? 'shellSession.signingOut' : 'header.signOut')}
      </button>
      <Dialog
        open={unsent > 0}
        onClose={() => setUnsent(0)}
        title={unsent === 1 ? t('shellSession.unsentTitleOne') : t('shellSession.unsentTitleMany', { count: unsent })}
        description={t('shellSession.unsentText')}
        footer={
          <>
            <Button variant="outline" onClick={() => setUnsent(0)} disabled={busy} autoFocus>
              {t('shellSession.staySignedIn')}
            </Button>
            <Button variant="destructive" onClick={() => void run(true)} disabled={busy}>
              {t(busy ? 'shellSession.signingOut' : 'shellSession.signOutAnyway')}
            </Button>
          </>
        }
      />
    </>
  )
}

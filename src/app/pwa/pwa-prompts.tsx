import { useEffect, useState, type ReactNode } from 'react'
import { t } from '@/i18n'
import { Button } from '@/ui/button'
import { afterStartUp } from './after-start-up'
import { install, snoozeInstall, watchInstallPrompt } from './install'
import { usePwa } from './pwa-store'
import { registerServiceWorker } from './register-sw'

function PromptCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      className="pointer-events-auto flex w-full max-w-md flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 text-stone-900 shadow-lg sm:flex-row sm:items-center"
    >
      {children}
    </section>
  )
}

/**
 * "A new version of Kreis is available — Reload": the new code runs only after this click. "Not now" hides it for
 * this page (someone mid-listing keeps going); the waiting version offers itself again on the next page load.
 */
export function UpdatePrompt() {
  const applyUpdate = usePwa((s) => (s.updateReady ? s.applyUpdate : null))
  const [busy, setBusy] = useState(false)
  const [dismissed, setDismissed] = useState(false)
  if (!applyUpdate || dismissed) return null
  return (
    <PromptCard label={t('pwa.updateAvailable')}>
      <p role="status" className="flex-1 font-semibold">
        {t('pwa.updateAvailable')}
      </p>
      <div className="flex gap-2 self-end sm:self-auto">
        {!busy && (
          <Button variant="ghost" onClick={() => setDismissed(true)}>
            {t('pwa.dismiss')}
          </Button>
        )}
        <Button
          disabled={busy}
          onClick={() => {
            setBusy(true)
            applyUpdate()
          }}
        >
          {busy ? t('pwa.updating') : t('pwa.reload')}
        </Button>
      </div>
    </PromptCard>
  )
}

/** The Install button where the browser offers installation, or the iOS Safari hint; "Not now" snoozes both. */
export function InstallPrompt() {
  const canInstall = usePwa((s) => s.installEvent !== null)
  const iosHint = usePwa((s) => s.iosHint)
  const snoozed = usePwa((s) => s.installSnoozed)
  if (snoozed || (!canInstall && !iosHint)) return null
  return (
    <PromptCard label={canInstall ? t('pwa.installTitle') : t('pwa.iosHintTitle')}>
      <div className="flex flex-1 items-center gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="h-10 w-10 rounded-xl" />
        <div>
          <p className="font-semibold">{canInstall ? t('pwa.installTitle') : t('pwa.iosHintTitle')}</p>
          <p className="text-sm text-stone-700">{canInstall ? t('pwa.installText') : t('pwa.iosHint')}</p>
        </div>
      </div>
      <div className="flex gap-2 self-end sm:self-auto">
        <Button variant="ghost" onClick={() => snoozeInstall()}>
          {t('pwa.dismiss')}
        </Button>
        {canInstall && <Button onClick={() => void install()}>{t('pwa.install')}</Button>}
      </div>
    </PromptCard>
  )
}

/**
 * The installable, updatable app's prompts: at the top of a phone's screen (its bottom belongs to the tab bar,
 * toasts and the item page's action), bottom left on wider screens (toasts go bottom right), clear of the header's
 * search. Registers the service worker once, in production builds, when the page's start-up is over
 * (./after-start-up: its first install would compete with it).
 */
export function PwaPrompts({ register = import.meta.env.PROD }: { register?: boolean }) {
  const updateReady = usePwa((s) => s.updateReady)
  useEffect(() => {
    if (!register) return
    watchInstallPrompt()
    return afterStartUp(() => void registerServiceWorker().catch(() => {}))
  }, [register])
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center gap-2 px-4 sm:top-auto sm:bottom-20 sm:items-start">
      <UpdatePrompt />
      {!updateReady && <InstallPrompt />}
    </div>
  )
}

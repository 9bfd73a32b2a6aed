import { lazy, Suspense, useState } from 'react'
import { t } from '@/i18n'
import { cx } from '@/ui/cx'
import type { ShellSync } from './use-shell-sync'

// The panel (with its database reads) loads the first time the pill is pressed: the first route stays small.
const SyncPanel = lazy(() => import('./sync-panel').then((m) => ({ default: m.SyncPanel })))

/**
 * The header's sync pill: "Offline" while the browser has no network, the count of changes waiting or refused,
 * a storage problem. Nothing when all is sent and online. It opens the panel that lists and settles them. The
 * wrapper is a live region, so a change is announced.
 */
export function SyncIndicator({ sync }: { sync: ShellSync }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const failed = sync.failures.length
  const problem = sync.storageProblem !== null
  const visible = !sync.online || sync.pending > 0 || failed > 0 || problem || sync.needsSignIn
  const summary = [
    !sync.online ? t('syncState.offline') : null,
    failed > 0 ? t('syncState.buttonFailed', { count: failed }) : null,
    sync.pending > 0 ? t('syncState.buttonPending', { count: sync.pending }) : null,
    problem ? t('syncState.buttonProblem') : null,
  ].filter(Boolean)

  return (
    <span role="status" className="contents">
      {visible && (
        <button
          type="button"
          onClick={() => {
            setWanted(true)
            setOpen(true)
          }}
          aria-label={t('syncState.buttonLabel', { summary: summary.join(', ') || t('syncState.allSent') })}
          className={cx(
            'inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
            failed > 0 || problem ? 'bg-red-100 text-red-900' : !sync.online ? 'bg-amber-200 text-stone-900' : 'bg-stone-100 text-stone-900',
          )}
        >
          <span aria-hidden="true" className={cx('h-2 w-2 rounded-full', failed > 0 || problem ? 'bg-red-700' : !sync.online ? 'bg-amber-700' : 'bg-green-700 motion-safe:animate-pulse')} />
          {!sync.online && <span>{t('syncState.offline')}</span>}
          {failed > 0 ? <span>{t('syncState.buttonFailed', { count: failed })}</span> : sync.pending > 0 && <span>{sync.online ? t('syncState.buttonPending', { count: sync.pending }) : `· ${sync.pending}`}</span>}
          {problem && failed === 0 && <span>!</span>}
        </button>
      )}
      {wanted && (
        <Suspense fallback={null}>
          <SyncPanel open={open} onClose={() => setOpen(false)} sync={sync} />
        </Suspense>
      )}
    </span>
  )
}

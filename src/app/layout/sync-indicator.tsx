import { Suspense, useState } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import { t } from '@/i18n'
import { cx } from '@/ui/cx'
import { PartBoundary } from '../error-boundary'
import type { ShellSync } from './use-shell-sync'

// The panel (with its database reads) loads the first time the pill is pressed: the first route stays small.
const SyncPanel = lazyRetrying(() => import('./sync-panel').then((m) => ({ default: m.SyncPanel })))

function OfflineIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-4 w-4 shrink-0 text-amber-900"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M7 18h10a4 4 0 001.6-7.7A6 6 0 007.2 8.4 5 5 0 007 18z" strokeLinejoin="round" />
      <path d="M4 4l16 16" strokeLinecap="round" />
    </svg>
  )
}

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
  // Only "offline" to say: on phones the line under the header says it, and the row keeps room for the account links.
  const onlyOffline = !sync.online && sync.pending === 0 && failed === 0 && !problem && !sync.needsSignIn
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
          // The tap area is 44 px; the pill inside it stays small so the header row keeps its height.
          className={cx(
            'min-h-11 min-w-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700',
            onlyOffline ? 'hidden sm:inline-flex' : 'inline-flex',
          )}
        >
          <span
            className={cx(
              'inline-flex min-h-8 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap',
              failed > 0 || problem
                ? 'bg-red-100 text-red-900'
                : !sync.online
                  ? 'bg-amber-200 text-stone-900'
                  : 'bg-stone-100 text-stone-900',
            )}
          >
            {!sync.online ? (
              <OfflineIcon />
            ) : (
              <span
                aria-hidden="true"
                className={cx(
                  'h-2 w-2 rounded-full',
                  failed > 0 || problem ? 'bg-red-700' : 'bg-green-700 motion-safe:animate-pulse',
                )}
              />
            )}
            {/* On phones the icon says it (the line under the header spells it out): the row has no room for the word. */}
            {/* From lg the header also holds the tabs: the word waits for 2xl's room (the button's name keeps it). */}
            {!sync.online && (
              <span className="sr-only sm:not-sr-only lg:sr-only 2xl:not-sr-only">{t('syncState.offline')}</span>
            )}
            {failed > 0 ? (
              <span>{t('syncState.buttonFailed', { count: failed })}</span>
            ) : (
              sync.pending > 0 && (
                <span>
                  {sync.online ? (
                    t('syncState.buttonPending', { count: sync.pending })
                  ) : (
                    <>
                      <span aria-hidden="true" className="hidden sm:inline">
                        ·{' '}
                      </span>
                      {sync.pending}
                    </>
                  )}
                </span>
              )
            )}
            {problem && failed === 0 && <span>!</span>}
          </span>
        </button>
      )}
      {wanted && (
        <PartBoundary fallback={null}>
          <Suspense fallback={null}>
            <SyncPanel open={open} onClose={() => setOpen(false)} sync={sync} />
          </Suspense>
        </PartBoundary>
      )}
    </span>
  )
}

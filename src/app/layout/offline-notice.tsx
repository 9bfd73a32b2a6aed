import { Suspense } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import { useLocation } from 'react-router-dom'
import { t } from '@/i18n'
import { PartBoundary } from '../error-boundary'
import type { ShellSync } from './use-shell-sync'

// The age's wording (with the domain's rules) loads only when the device is offline and knows its last sync: the
// first route stays small. Meanwhile the line keeps its height.
const OfflineSince = lazyRetrying(() => import('./offline-since').then((m) => ({ default: m.OfflineSince })))

/**
 * Screens that say themselves what offline means for them, in place of this line (docs/product.md#R-one-offline-note):
 * the sell flow ("everything is saved on this device and published when it is back online").
 */
const SAYS_OFFLINE_ITSELF = /^\/sell(\/|$)/

/** Under the header while offline: the screens show the device's copy, and how old it is ("updated 5 min ago"). */
export function OfflineNotice({ sync }: { sync: ShellSync }) {
  const { pathname } = useLocation()
  if (sync.online || SAYS_OFFLINE_ITSELF.test(pathname)) return null
  return (
    <p className="border-t border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-sm text-stone-900">
      {sync.lastSyncAt ? (
        <PartBoundary fallback={t('syncState.offlineNever')}>
          <Suspense fallback={'\u00a0'}>
            <OfflineSince lastSyncAt={sync.lastSyncAt} />
          </Suspense>
        </PartBoundary>
      ) : (
        t('syncState.offlineNever')
      )}
    </p>
  )
}

/** A storage problem stays in view until it is solved (full disk, or the database closed under the app). */
export function StorageAlert({ sync }: { sync: ShellSync }) {
  if (!sync.storageProblem) return null
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-3 border-t border-red-300 bg-red-50 px-4 py-2 text-center text-sm font-medium text-red-900"
    >
      <span>
        {t(sync.storageProblem === 'quota-exceeded' ? 'syncState.quotaExceeded' : 'syncState.connectionLost')}
      </span>
      {sync.storageProblem === 'connection-lost' && (
        <button
          type="button"
          onClick={() => location.reload()}
          className="min-h-9 rounded-full bg-red-700 px-3 font-semibold text-white focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700"
        >
          {t('syncState.reload')}
        </button>
      )}
    </div>
  )
}

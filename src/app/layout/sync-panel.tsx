import { Link } from 'react-router-dom'
import { paths } from '@/config/paths'
import { t } from '@/i18n'
import { Button, buttonClasses } from '@/ui/button'
import { Sheet } from '@/ui/sheet'
import { ageText } from './age-text'
import { FailedWriteRow } from './failed-write-row'
import { useNow } from '@/ui/use-now'
import type { ShellSync } from './use-shell-sync'

/** Everything the device still has to send, what the server refused (Retry / Discard), and storage trouble. */
export function SyncPanel({ open, onClose, sync }: { open: boolean; onClose: () => void; sync: ShellSync }) {
  const now = useNow(30_000)
  return (
    <Sheet open={open} onClose={onClose} title={t('syncState.panelTitle')}>
      <div className="flex flex-col gap-5">
        {sync.storageProblem && <StorageProblemNote problem={sync.storageProblem} />}
        {!sync.online && (
          <p className="rounded-xl bg-amber-100 p-3 text-sm text-stone-900">
            {sync.lastSyncAt
              ? t('syncState.offlineSince', { ago: ageText(sync.lastSyncAt, now) })
              : t('syncState.offlineNever')}
          </p>
        )}
        {sync.needsSignIn && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-100 p-3">
            <p className="text-sm text-stone-900">{t('syncState.needsSignIn')}</p>
            <Link to={paths.auth('signin')} onClick={onClose} className={buttonClasses({ size: 'sm' })}>
              {t('syncState.signIn')}
            </Link>
          </div>
        )}
        <div>
          {sync.pending > 0 ? (
            <p className="text-stone-900">
              {sync.pending === 1 ? t('syncState.pendingOne') : t('syncState.pendingMany', { count: sync.pending })}{' '}
              <span className="text-stone-700">
                {t(sync.online ? 'syncState.pendingOnline' : 'syncState.pendingOffline')}
              </span>
            </p>
          ) : (
            sync.failures.length === 0 && <p className="text-stone-900">{t('syncState.allSent')}</p>
          )}
          {sync.pending > 0 && sync.photos && (
            <p className="mt-1 text-stone-900">
              {t('syncState.photosProgress', { uploaded: sync.photos.uploaded, total: sync.photos.total })}
            </p>
          )}
          {sync.online && sync.lastSyncAt && (
            <p className="mt-1 text-sm text-stone-600">
              {t('syncState.lastSync', { ago: ageText(sync.lastSyncAt, now) })}
            </p>
          )}
        </div>
        {sync.failures.length > 0 && (
          <section aria-labelledby="sync-failed-heading" className="flex flex-col gap-3">
            <h3 id="sync-failed-heading" className="font-semibold text-red-900">
              {t('syncState.failedHeading')}
            </h3>
            <p className="text-sm text-stone-700">{t('syncState.failedHelp')}</p>
            <ul className="flex flex-col gap-3">
              {sync.failures.map((f, i) => (
                <FailedWriteRow key={`${f.group}-${i}`} group={f.group} message={f.message} />
              ))}
            </ul>
          </section>
        )}
      </div>
    </Sheet>
  )
}

function StorageProblemNote({ problem }: { problem: NonNullable<ShellSync['storageProblem']> }) {
  return (
    <div role="alert" className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3">
      <p className="text-sm font-medium text-red-900">
        {t(problem === 'quota-exceeded' ? 'syncState.quotaExceeded' : 'syncState.connectionLost')}
      </p>
      {problem === 'connection-lost' && (
        <Button size="sm" className="self-start" onClick={() => location.reload()}>
          {t('syncState.reload')}
        </Button>
      )}
    </div>
  )
}

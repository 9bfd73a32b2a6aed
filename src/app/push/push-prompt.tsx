/**
 * The notifications offer, made at a moment that explains itself: right after the person sends a message or saves
 * a listing on this device (a new outbox entry of those kinds since the page loaded), never on page load. It
 * explains first; the browser's permission dialog comes only from "Turn on notifications". On iPhone and iPad
 * outside a Home Screen app it says that installing comes first. Answered or dismissed, it does not come back
 * (the /profile switch stays).
 */
import { useState } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { useDatabase, usePushNotifications, useSession } from '@/data'
import { t } from '@/i18n'
import { Button } from '@/ui/button'

export const PUSH_PROMPT_DONE_KEY = 'kreis:push-prompt-done'

const isDone = () => {
  try {
    return localStorage.getItem(PUSH_PROMPT_DONE_KEY) !== null
  } catch {
    return true
  }
}
const markDone = () => {
  try {
    localStorage.setItem(PUSH_PROMPT_DONE_KEY, String(Date.now()))
  } catch {
    // Private mode without storage: it may come back next time.
  }
}

/** Whether the user queued a message or a listing save since this component mounted (the outbox is short). */
function useWroteSinceLoad(enabled: boolean): boolean {
  const db = useDatabase()
  const [mountedAt] = useState(() => Date.now())
  const wrote = useLiveQuery(
    async () =>
      enabled &&
      (await db.outbox
        .filter((e) => e.queued_at >= mountedAt && (e.op.kind === 'message.send' || e.op.kind === 'listing.upsert'))
        .count()) > 0,
    [db, enabled, mountedAt],
  )
  return wrote === true
}

/** Mounted with the data layer (../live/live-services.tsx), in a corner of its own. */
export default function PushPrompt() {
  const signedIn = useSession((s) => s.status === 'signed-in')
  const push = usePushNotifications()
  const [done, setDone] = useState(isDone)
  const askable =
    signedIn && !done && !push.enabled && (push.availability === 'available' || push.availability === 'needs-install')
  const wrote = useWroteSinceLoad(askable)
  const shown = wrote && askable && (push.availability === 'needs-install' || Notification.permission === 'default')
  if (!shown) return null
  const close = () => {
    markDone()
    setDone(true)
  }
  const installFirst = push.availability === 'needs-install'
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-50 flex flex-col items-center px-4 sm:top-auto sm:bottom-20 sm:items-start">
      <section
        aria-label={installFirst ? t('push.installFirstTitle') : t('push.promptTitle')}
        className="pointer-events-auto flex w-full max-w-md flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 text-stone-900 shadow-lg"
      >
        <div>
          <p className="font-semibold">{installFirst ? t('push.installFirstTitle') : t('push.promptTitle')}</p>
          <p className="text-sm text-stone-700">{installFirst ? t('push.installFirstText') : t('push.promptText')}</p>
        </div>
        <div className="flex gap-2 self-end">
          <Button variant="ghost" onClick={close}>
            {t('push.promptDismiss')}
          </Button>
          {!installFirst && (
            <Button
              disabled={push.busy}
              onClick={() => {
                void push.enable().then(close)
              }}
            >
              {t('push.promptAccept')}
            </Button>
          )}
        </div>
      </section>
    </div>
  )
}

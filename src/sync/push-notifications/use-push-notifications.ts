/**
 * The signed-in user's notifications on this browser, for the /profile switch and the prompt: whether they can be
 * had here, whether they are on, and turning them on (permission asked from the click) or off.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useDatabase } from '@/db/database-context'
import { useSession } from '../signed-in-user'
import { browserPushFacts, pushAvailability, type PushAvailability } from './availability'
import { currentPushSubscription, disablePush, enablePush, type EnableOutcome } from './device-subscription'

export interface PushNotifications {
  availability: PushAvailability
  /** This browser holds a subscription and may show notifications. */
  enabled: boolean
  busy: boolean
  /** The last attempt to turn them on failed (not a refusal by the person). */
  failed: boolean
  enable(): Promise<EnableOutcome>
  disable(): Promise<void>
}

export function usePushNotifications(): PushNotifications {
  const db = useDatabase()
  const userId = useSession((s) => (s.status === 'signed-in' ? s.userId : null))
  const [availability, setAvailability] = useState<PushAvailability>(() => pushAvailability(browserPushFacts()))
  const [enabled, setEnabled] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failed, setFailed] = useState(false)
  // Turning them on or off since a look at the subscription began makes its answer out of date.
  const actions = useRef(0)

  useEffect(() => {
    let live = true
    if (availability !== 'available') return
    const asked = actions.current
    void currentPushSubscription()
      .then((s) => live && asked === actions.current && setEnabled(s !== null && Notification.permission === 'granted'))
      .catch(() => {})
    return () => {
      live = false
    }
  }, [availability])

  const enable = useCallback(async (): Promise<EnableOutcome> => {
    if (!userId) return 'failed'
    actions.current++
    setBusy(true)
    const outcome = await enablePush(db, userId).catch((): EnableOutcome => 'failed')
    setBusy(false)
    setFailed(outcome === 'failed')
    setEnabled(outcome === 'enabled')
    setAvailability(pushAvailability(browserPushFacts()))
    return outcome
  }, [db, userId])

  const disable = useCallback(async () => {
    if (!userId) return
    actions.current++
    setBusy(true)
    await disablePush(db, userId).catch(() => {})
    setBusy(false)
    setEnabled(false)
  }, [db, userId])

  return { availability, enabled, busy, failed, enable, disable }
}

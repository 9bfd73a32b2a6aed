/**
 * What a signed-in user's notifications need while the app runs: the offer after a first write, the app badge, and
 * the account following a subscription the browser renewed while the app was closed.
 */
import { useEffect } from 'react'
import { keepPushSubscriptionCurrent, useDatabase, useSession } from '@/data'
import PushPrompt from './push-prompt'
import { useAppBadge } from './badge'

export default function PushServices() {
  const db = useDatabase()
  const userId = useSession((s) => (s.status === 'signed-in' ? s.userId : null))
  useEffect(() => {
    if (userId) void keepPushSubscriptionCurrent(db, userId).catch(() => {})
  }, [db, userId])
  useAppBadge()
  return <PushPrompt />
}

/** The push slice: this browser's Web Push subscription added to or removed from the user's account (O2). */
import type { PushSubscriptionWrite } from '@/db/rows'
import type { PushSlice, Result } from '@/sync/protocol'
import { ok, run, type SupabaseContext } from './query'

export const pushSlice = ({ client, tagged }: SupabaseContext): PushSlice => ({
  async setPushSubscription(s: PushSubscriptionWrite, subscribed: boolean): Promise<Result<void>> {
    // Adding: the server's trigger replaces any row of the endpoint, so a retry is no conflict (ignoreDuplicates only
    // covers two adds racing). Removing: RLS limits the delete to the caller's own row.
    const q = subscribed
      ? client
          .from('push_subscriptions')
          .upsert(
            { user_id: s.user_id, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth },
            { onConflict: 'endpoint', ignoreDuplicates: true },
          )
      : client.from('push_subscriptions').delete().eq('endpoint', s.endpoint)
    const r = await run(q)
    return r.ok ? ok(undefined) : tagged(r)
  },
})

/**
 * The Transport over supabase-js (production and the local stack), composed from one slice per area of the wire
 * contract (src/remote/transport/*.ts; the slices are named in src/sync/protocol.ts). A slice's methods close over
 * the client and the Retry-After log; none of them keeps state of its own.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { composedOf, type Transport } from '@/sync/protocol'
import { favouritesSlice } from './transport/favourites'
import { listingsSlice } from './transport/listings'
import { messagesSlice } from './transport/messages'
import { profilesSlice } from './transport/profiles'
import { pullsSlice } from './transport/pulls'
import { pushSlice } from './transport/push'
import { supabaseContext } from './transport/query'
import { realtimeSlice } from './transport/realtime'
import type { RetryAfterLog } from './transport/retry-after'
import { searchSlice } from './transport/search'
import { sessionSlice } from './transport/session'
import { timePullsSlice } from './transport/time-pulls'

export class SupabaseTransport extends composedOf<Transport>() {
  constructor(client: SupabaseClient, retryAfter?: RetryAfterLog) {
    const ctx = supabaseContext(client, retryAfter)
    super({
      ...sessionSlice(ctx),
      ...listingsSlice(ctx),
      ...searchSlice(ctx),
      ...messagesSlice(ctx),
      ...profilesSlice(ctx),
      ...favouritesSlice(ctx),
      ...pullsSlice(ctx),
      ...timePullsSlice(ctx),
      ...pushSlice(ctx),
      ...realtimeSlice(ctx),
    })
  }
}

/**
 * The landing page's trial sign-up (docs/product.md §2.3, §7 "Trial signup"): one INSERT into trial_users through supabase-js.
 * The table grants insert only, so the row is not asked back; only the error and its code are read (23505: the
 * address is already signed up). Loaded lazily by src/data/trial-signup.ts; screens never call it.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { TrialUserRecord } from '@/domain/trial-signup'
import type { Result } from '@/sync/protocol'
import { getSupabaseClient } from './client'
import { fromHttp, fromPostgrest } from './errors'

/** Inserts one trial_users row. A request that got no answer is a `network` failure; a refusal keeps its code. */
export async function insertTrialUser(
  record: TrialUserRecord,
  client: SupabaseClient = getSupabaseClient(),
): Promise<Result<null>> {
  try {
    const { error, status } = await client.from('trial_users').insert(record)
    return error ? fromPostgrest(error, status) : { ok: true, value: null }
  } catch (e) {
    return fromHttp(0, undefined, e instanceof Error ? e.message : String(e))
  }
}

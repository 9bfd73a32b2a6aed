/**
 * The subscription's server calls (docs/product.md §7.2 plan info and cancel, §7.4 server functions), through supabase-js:
 * the create-payment and handle-payment-success functions, the cancel_subscription() RPC (the only way a user
 * changes a subscription field), and the user's own rows of my_profile and payments. Loaded lazily by
 * src/data/payments.ts; screens never call it.
 */
import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import type { MyProfileRecord } from '@/db/records'
import type { PaymentSummary } from '@/domain/payments'
import type { Failure, Result } from '@/sync/protocol'
import { getSupabaseClient } from './client'
import { fromHttp, fromPostgrest } from './errors'
import { toMyProfile } from './rows'

const ok = <T>(value: T): Result<T> => ({ ok: true, value })

/** A functions.invoke error → a failure reason: no answer is the network; an HTTP answer keeps its status. */
async function fromFunctions(error: unknown): Promise<Failure> {
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null
    return fromHttp(res.status, undefined, typeof body?.error === 'string' ? body.error : error.message)
  }
  if (error instanceof FunctionsRelayError) return fromHttp(502, undefined, error.message)
  if (error instanceof FunctionsFetchError) return fromHttp(0, undefined, error.message)
  return fromHttp(0, undefined, (error as Error)?.message ?? 'fetch failed')
}

async function invoke<T>(name: string, body: Record<string, unknown>): Promise<Result<T>> {
  try {
    const { data, error } = await getSupabaseClient().functions.invoke(name, { body })
    return error ? fromFunctions(error) : ok(data as T)
  } catch (e) {
    return fromFunctions(e)
  }
}

/** create-payment: the link to the provider's checkout, or null when the answer had none. */
export async function createPayment(userId: string, amount: number): Promise<Result<string | null>> {
  const r = await invoke<{ paymentUrl?: unknown } | null>('create-payment', { userId, amount })
  if (!r.ok) return r
  const url = r.value?.paymentUrl
  return ok(typeof url === 'string' && /^https?:\/\//.test(url) ? url : null)
}

/** handle-payment-success: the server asks the provider whether the payment went through (its answer is not read). */
export async function confirmPayment(userId: string, gatewayId: string): Promise<Result<null>> {
  const r = await invoke<unknown>('handle-payment-success', { userId, gatewayId })
  return r.ok ? ok(null) : r
}

async function query<T>(
  run: () => PromiseLike<{
    data: unknown
    error: { code?: string | null; message?: string | null } | null
    status: number
  }>,
  map: (d: unknown) => T,
): Promise<Result<T>> {
  try {
    const r = await run()
    return r.error ? fromPostgrest(r.error, r.status) : ok(map(r.data))
  } catch (e) {
    return fromHttp(0, undefined, (e as Error).message)
  }
}

/** cancel_subscription(): sets the caller's status to cancelled and returns their my_profile row. */
export function cancelSubscription(): Promise<Result<MyProfileRecord | null>> {
  return query(
    () => getSupabaseClient().rpc('cancel_subscription'),
    (d) =>
      d && typeof d === 'object' && 'id' in d && (d as { id: unknown }).id
        ? toMyProfile(d as Record<string, unknown>)
        : null,
  )
}

/** The caller's whole profile row (plan info), or null without one. */
export function fetchMyProfile(): Promise<Result<MyProfileRecord | null>> {
  return query(
    () => getSupabaseClient().from('my_profile').select('*').maybeSingle(),
    (d) => (d ? toMyProfile(d as Record<string, unknown>) : null),
  )
}

/** How many payments the plan page lists (a member pays about once a month). */
const PAYMENTS_LISTED = 50

/** The caller's payments (RLS: own rows only), newest first. */
export function fetchPayments(): Promise<Result<PaymentSummary[]>> {
  return query(
    () =>
      getSupabaseClient()
        .from('payments')
        .select('id, amount, status, created_at, paid_at')
        .order('created_at', { ascending: false })
        .limit(PAYMENTS_LISTED),
    (d) =>
      ((d as Record<string, unknown>[] | null) ?? []).map(
        (r) => ({ ...r, amount: Number(r.amount) }) as PaymentSummary,
      ),
  )
}

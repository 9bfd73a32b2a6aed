/**
 * The API's side of Web Push for the app: the VAPID public key browsers subscribe with (GET functions/v1/send-push,
 * the same answer locally and on hosted Supabase; kept on the device so a subscription can be made offline), and
 * removing this browser's subscription at once when the user signs out (best-effort: the browser also ends the
 * subscription, and the server drops it when the push service answers 410).
 */
import { env } from '@/config/env'
import { getSupabaseClient } from './client'

const KEY_STORAGE = 'kreis:vapid-public-key'

export async function vapidPublicKey(): Promise<string | null> {
  try {
    const res = await fetch(`${env.supabaseUrl}/functions/v1/send-push`, {
      headers: { apikey: env.supabaseAnonKey, Authorization: `Bearer ${env.supabaseAnonKey}` },
    })
    if (res.ok) {
      const { publicKey } = (await res.json()) as { publicKey?: unknown }
      if (typeof publicKey === 'string' && publicKey) {
        localStorage.setItem(KEY_STORAGE, publicKey)
        return publicKey
      }
    }
  } catch {
    // Offline: the key seen last.
  }
  return localStorage.getItem(KEY_STORAGE)
}

export async function deletePushSubscriptionNow(endpoint: string): Promise<boolean> {
  try {
    const { error } = await getSupabaseClient().from('push_subscriptions').delete().eq('endpoint', endpoint)
    return !error
  } catch {
    return false
  }
}

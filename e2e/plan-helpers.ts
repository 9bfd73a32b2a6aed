/** Shared by the subscription journeys: a signed-in browser context (session stored as supabase-js keeps it) and API reads. */
import { expect, type BrowserContext } from '@playwright/test'
import { DEFAULT_ANON_KEY } from '../supabase/local/config.ts'
import { E2E_API_URL } from './env.ts'

export const PASSWORD = 'kreis-demo'
export const DEMO = {
  anna: { email: 'anna@demo.kreis.ch', id: '00000000-0000-4000-8000-000000000001' },
  luca: { email: 'luca@demo.kreis.ch', id: '00000000-0000-4000-8000-000000000002' },
  sophie: { email: 'sophie@demo.kreis.ch', id: '00000000-0000-4000-8000-000000000003' },
  noah: { email: 'noah@demo.kreis.ch', id: '00000000-0000-4000-8000-000000000004' },
  mia: { email: 'mia@demo.kreis.ch', id: '00000000-0000-4000-8000-000000000005' },
} as const

const STORAGE_KEY = `sb-${new URL(E2E_API_URL).hostname.split('.')[0]}-auth-token`

/** One call to the local stack; a refused connection (a loaded machine) is tried again a few times. */
export async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(E2E_API_URL + path, {
        method: init.method ?? 'GET',
        headers: {
          apikey: DEFAULT_ANON_KEY,
          authorization: `Bearer ${init.token ?? DEFAULT_ANON_KEY}`,
          'content-type': 'application/json',
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      })
      return { status: res.status, body: (await res.json().catch(() => null)) as unknown }
    } catch (e) {
      if (attempt >= 5) throw e
      await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt))
    }
  }
}

/** Signs `email` in for every page of the context (the session supabase-js would have stored); returns the token. */
export async function signIn(context: BrowserContext, email: string): Promise<string> {
  const r = await api('/auth/v1/token?grant_type=password', { method: 'POST', body: { email, password: PASSWORD } })
  expect(r.status).toBe(200)
  const session = r.body as { access_token: string; expires_in: number; expires_at?: number }
  session.expires_at ??= Math.floor(Date.now() / 1000) + session.expires_in
  await context.addInitScript(
    ({ key, value }) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value)
    },
    { key: STORAGE_KEY, value: JSON.stringify(session) },
  )
  return session.access_token
}

export interface ServerPlan {
  subscription_status: string | null
  paid_until: string | null
  last_payment_date: string | null
}

/** The user's plan as the server has it (my_profile). */
export async function serverPlan(token: string): Promise<ServerPlan> {
  const r = await api('/rest/v1/my_profile?select=subscription_status,paid_until,last_payment_date', { token })
  expect(r.status).toBe(200)
  return (r.body as ServerPlan[])[0]!
}

export async function serverPayments(token: string): Promise<{ amount: number; status: string }[]> {
  const r = await api('/rest/v1/payments?select=amount,status&order=created_at.desc', { token })
  expect(r.status).toBe(200)
  return r.body as { amount: number; status: string }[]
}

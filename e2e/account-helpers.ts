/** Shared by the account journeys (auth, profile, shell-sync): accounts made for a test, and a sign-in through the form. */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import WebSocket from 'ws'
import { DEFAULT_ANON_KEY } from '../supabase/local/config.ts'
import { APP_URL, E2E_API_URL } from './env.ts'

export const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`

export async function authCall(
  path: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${E2E_API_URL}/auth/v1${path}`, {
    method: 'POST',
    headers: {
      apikey: DEFAULT_ANON_KEY,
      authorization: `Bearer ${DEFAULT_ANON_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

/** A new confirmed account (the local stack auto-confirms), so a test may change it freely. */
export async function newAccount(
  firstName: string,
  password = 'test-secret',
): Promise<{ email: string; password: string }> {
  const email = unique(firstName.toLowerCase())
  const r = await authCall('/signup', { email, password, data: { first_name: firstName, last_name: 'Tester' } })
  expect(r.status).toBe(200)
  return { email, password }
}

/** A supabase-js client signed in as `email`, and what it stored (a browser's localStorage gets the same). */
export async function apiSignIn(
  email: string,
  password = 'kreis-demo',
): Promise<{ client: SupabaseClient; stored: Record<string, string> }> {
  const stored: Record<string, string> = {}
  const client = createClient(E2E_API_URL, DEFAULT_ANON_KEY, {
    // Node 20 has no global WebSocket (docs/supabase-wire.md §0).
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    auth: {
      autoRefreshToken: false,
      persistSession: true,
      storage: {
        getItem: (k) => stored[k] ?? null,
        setItem: (k, v) => void (stored[k] = v),
        removeItem: (k) => void delete stored[k],
      },
    },
  })
  const { error } = await client.auth.signInWithPassword({ email, password })
  expect(error).toBeNull()
  return { client, stored }
}

/** A new device (browser context), signed in with a stored session (from apiSignIn) or a visitor without one. */
export async function newDevice(
  browser: Browser,
  opts: {
    stored?: Record<string, string>
    serviceWorkers?: 'allow' | 'block'
    viewport?: { width: number; height: number }
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: APP_URL,
    serviceWorkers: opts.serviceWorkers ?? 'block',
    ...(opts.viewport ? { viewport: opts.viewport } : {}),
  })
  if (opts.stored) {
    await context.addInitScript((entries) => {
      for (const [k, v] of Object.entries(entries)) if (localStorage.getItem(k) === null) localStorage.setItem(k, v)
    }, opts.stored)
  }
  return { context, page: await context.newPage() }
}

export async function signInThroughForm(page: Page, email: string, password = 'kreis-demo'): Promise<void> {
  await page.goto('/auth?mode=signin')
  await page.getByLabel('Email').fill(email, { timeout: 20_000 })
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await expect(page).toHaveURL('/', { timeout: 20_000 })
}

/** Rows per object store of the app's IndexedDB (what a later user of the device could read). */
export function deviceRowCounts(page: Page, stores: string[]): Promise<Record<string, number>> {
  return page.evaluate(async (names) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('kreis')
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const counts: Record<string, number> = {}
    for (const name of names) {
      counts[name] = await new Promise<number>((resolve, reject) => {
        const req = db.transaction(name).objectStore(name).count()
        req.onsuccess = () => resolve(req.result)
        req.onerror = () => reject(req.error)
      })
    }
    db.close()
    return counts
  }, stores)
}

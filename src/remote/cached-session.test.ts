// @vitest-environment node
import { createClient } from '@supabase/supabase-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SupabaseTransport } from './supabase-transport'
import { cachedSessionUser, sessionUserNow } from './cached-session'

const USER = { id: '00000000-0000-4000-8000-000000000001', email: 'anna@demo.kreis.ch' }
/** A session whose access token expired an hour ago. */
const expired = () => ({
  access_token: 'expired.jwt.token',
  refresh_token: 'r1',
  token_type: 'bearer',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) - 3600,
  user: { ...USER, aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' },
})

/** A supabase-js client whose storage holds `session` and whose every request fails as if offline. */
function offlineClient(session: object | null) {
  const store = new Map<string, string>()
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  }
  const requests: string[] = []
  const client = createClient('http://127.0.0.1:54321', 'anon-key-anon-key-anon-key', {
    auth: {
      storage,
      storageKey: 'sb-test-auth-token',
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
    },
    realtime: { transport: class {} as never }, // never connected here (Node 20 has no WebSocket)
    global: {
      fetch: async (input) => {
        requests.push(String(input))
        throw new TypeError('Failed to fetch')
      },
    },
  })
  if (session) store.set('sb-test-auth-token', JSON.stringify(session))
  return { client, requests, store }
}

afterEach(() => vi.useRealTimers())

describe('cachedSessionUser', () => {
  it('reads the stored session’s user, expired or not, without a request', async () => {
    const { client, requests } = offlineClient(expired())
    expect(await cachedSessionUser(client.auth)).toEqual({ userId: USER.id, email: USER.email })
    expect(requests).toEqual([])
  })

  it('no stored session, or an unreadable one: signed out', async () => {
    expect(await cachedSessionUser(offlineClient(null).client.auth)).toBeNull()
    const { client, store } = offlineClient(null)
    store.set('sb-test-auth-token', '{not json')
    expect(await cachedSessionUser(client.auth)).toBeNull()
  })
})

describe('sessionUserNow', () => {
  it('getSession() hanging (a refresh retrying offline): the cached user after the wait', async () => {
    const { client } = offlineClient(expired())
    vi.spyOn(client.auth, 'getSession').mockReturnValue(new Promise(() => {}))
    expect(await sessionUserNow(client.auth, 10)).toEqual({ userId: USER.id, email: USER.email })
  })

  it('getSession() failing to refresh (null with an error): the cached user, not "signed out"', async () => {
    const { client } = offlineClient(expired())
    vi.spyOn(client.auth, 'getSession').mockResolvedValue({
      data: { session: null },
      error: new Error('Failed to fetch'),
    } as never)
    expect(await sessionUserNow(client.auth, 10_000)).toEqual({ userId: USER.id, email: USER.email })
  })

  it('a definite answer wins: signed out is signed out', async () => {
    const { client } = offlineClient(expired())
    vi.spyOn(client.auth, 'getSession').mockResolvedValue({ data: { session: null }, error: null })
    expect(await sessionUserNow(client.auth, 10_000)).toBeNull()
  })
})

describe('SupabaseTransport.session', () => {
  it('with an expired token and no network, answers the cached user without any request', async () => {
    const { client, requests } = offlineClient(expired())
    const getSession = vi.spyOn(client.auth, 'getSession')
    expect(await new SupabaseTransport(client).session()).toEqual({ userId: USER.id })
    expect(getSession).not.toHaveBeenCalled()
    expect(requests).toEqual([])
  })
})

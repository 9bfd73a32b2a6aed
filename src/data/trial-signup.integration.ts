// @vitest-environment node
/**
 * The landing page's trial sign-up against the local stack, through the real supabase-js as a visitor (anon key,
 * no session): the row the app writes, the duplicate's 23505 and how each answer maps to what the modal shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRIAL_LENGTH_MS } from '@/domain/constants'
import { insertTrialUser } from '@/remote/trial-signup'
import { anonTestClient } from '@/remote/testing/test-client'
import { startTrial } from './trial-signup'

/** supabase-js's client, named without importing supabase-js outside src/remote. */
type SupabaseClient = NonNullable<Parameters<typeof insertTrialUser>[1]>

interface TestStack {
  url: string
  anonKey: string
  anon(): SupabaseClient
  service(): SupabaseClient
  stop(): Promise<void>
}
const HARNESS = '../../supabase/local/testing/test-stack.ts'

let stack: TestStack
let visitor: SupabaseClient
let n = 0
const address = () => `trial-${process.pid}-${++n}-${Date.now()}@test.kreis.ch`
const viaStack = {
  insert: (r: Parameters<typeof insertTrialUser>[0]) => insertTrialUser(r, visitor),
  online: () => true,
}

async function storedRow(email: string): Promise<Record<string, unknown>> {
  const { data, error } = await stack.service().from('trial_users').select('*').ilike('email', email).single()
  if (error) throw new Error(error.message)
  return data as Record<string, unknown>
}

beforeAll(async () => {
  const mod = (await import(/* @vite-ignore */ HARNESS)) as { startTestStack(): Promise<TestStack> }
  stack = await mod.startTestStack()
  visitor = stack.anon()
})
afterAll(async () => {
  await stack?.stop()
})

describe('trial signup against the local stack (docs/product.md §3 trial_users, §7, §8)', () => {
  it('stores e-mail, first name, city, active, and a trial ending 30 days after signup; the password is not stored', async () => {
    const email = address()
    const password = 'never-stored-7f3a'
    expect(
      await startTrial({ email: ` ${email.toUpperCase()} `, password, firstName: 'Mia', city: 'Basel' }, viaStack),
    ).toBe('started')

    const row = await storedRow(email)
    expect(row).toMatchObject({ email, first_name: 'Mia', city: 'Basel', trial_status: 'active' })
    expect(Date.parse(String(row.trial_end_date)) - Date.parse(String(row.signup_date))).toBe(TRIAL_LENGTH_MS)
    expect(Math.abs(Date.parse(String(row.signup_date)) - Date.now())).toBeLessThan(60_000)
    expect(Object.keys(row).filter((k) => /pass/i.test(k))).toEqual([])
    expect(JSON.stringify(row)).not.toContain(password)
  })

  it('blank optional fields are stored as null', async () => {
    const email = address()
    expect(await startTrial({ email, password: '', firstName: '  ', city: '' }, viaStack)).toBe('started')
    expect(await storedRow(email)).toMatchObject({ first_name: null, city: null })
  })

  it('a second signup with the same address, in any letter case, is 23505 → "duplicate"; one row stays', async () => {
    const email = address()
    expect(await startTrial({ email }, viaStack)).toBe('started')
    const again = await insertTrialUser(
      {
        email: email.toUpperCase(),
        first_name: null,
        city: null,
        trial_status: 'active',
        signup_date: new Date().toISOString(),
        trial_end_date: new Date().toISOString(),
      },
      visitor,
    )
    expect(again).toMatchObject({ ok: false, code: '23505' })
    expect(await startTrial({ email: email.toUpperCase(), firstName: 'Other' }, viaStack)).toBe('duplicate')
    const { data } = await stack.service().from('trial_users').select('first_name').ilike('email', email)
    expect(data).toEqual([{ first_name: null }])
  })

  it('a row the server refuses for another reason (a 101-character first name) is "failed", not "duplicate"', async () => {
    const email = address()
    expect(await startTrial({ email, firstName: 'x'.repeat(101) }, viaStack)).toBe('failed')
    const { data } = await stack.service().from('trial_users').select('id').ilike('email', email)
    expect(data).toEqual([])
  })

  it('no answer (the network is gone) is "offline", through supabase-js', async () => {
    const { default: WebSocket } = (await import(/* @vite-ignore */ 'ws' as string)) as { default: unknown }
    const cut = anonTestClient({
      url: stack.url,
      anonKey: stack.anonKey,
      fetch: () => Promise.reject(new TypeError('fetch failed')),
      WebSocket,
    })
    const email = address()
    expect(await startTrial({ email }, { insert: (r) => insertTrialUser(r, cut), online: () => true })).toBe('offline')
    const { data } = await stack.service().from('trial_users').select('id').ilike('email', email)
    expect(data).toEqual([])
  })
})

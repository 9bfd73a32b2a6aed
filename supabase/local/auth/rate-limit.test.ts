import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { authCall, uniqueEmail } from './test-helpers.ts'

const BUDGET = 3
let ts: TestStack
beforeAll(async () => {
  ts = await startTestStack({ auth: { rateLimitPerWindow: BUDGET } } as never)
})
afterAll(() => ts?.stop())

const signIn = (ip: string, password = 'wrong-password') =>
  authCall(ts, 'POST', '/token?grant_type=password', {
    body: { email: 'anna@demo.kreis.ch', password },
    headers: { 'x-forwarded-for': `${ip}, 10.0.0.1` },
  })

describe('per-address rate limit on sign-in and sign-up', () => {
  it('answers the request past the budget with 429 over_request_rate_limit JSON and a Retry-After', async () => {
    for (let i = 0; i < BUDGET; i++) expect((await signIn('203.0.113.1')).status).toBe(400)
    const limited = await signIn('203.0.113.1', 'kreis-demo')
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' })
    expect(limited.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('counts sign-ups and sign-ins against one budget', async () => {
    const ip = '203.0.113.2'
    const signUp = () =>
      authCall(ts, 'POST', '/signup', {
        body: { email: uniqueEmail('limited'), password: 'secret123', data: {} },
        headers: { 'x-forwarded-for': ip },
      })
    expect((await signUp()).status).toBe(200)
    expect((await signIn(ip)).status).toBe(400)
    expect((await signUp()).status).toBe(200)
    expect((await signUp()).status).toBe(429)
  })

  it('keeps a separate budget per client address', async () => {
    for (let i = 0; i < BUDGET + 1; i++) await signIn('203.0.113.3')
    expect((await signIn('203.0.113.4', 'kreis-demo')).status).toBe(200)
  })

  it('does not limit token refreshes or the other endpoints', async () => {
    const ip = '203.0.113.5'
    const ok = await signIn(ip, 'kreis-demo')
    for (let i = 0; i < BUDGET; i++) await signIn(ip)
    let token = ok.body.refresh_token as string
    for (let i = 0; i < BUDGET + 1; i++) {
      const res = await authCall(ts, 'POST', '/token?grant_type=refresh_token', {
        body: { refresh_token: token },
        headers: { 'x-forwarded-for': ip },
      })
      expect(res.status).toBe(200)
      token = res.body.refresh_token as string
    }
    expect((await authCall(ts, 'GET', '/settings', { headers: { 'x-forwarded-for': ip } })).status).toBe(200)
  })

  it('without a forwarding proxy, limits by the socket address', async () => {
    const plain = () => authCall(ts, 'POST', '/token?grant_type=password', { body: { email: 'x@kreis.ch', password: 'nope-nope' } })
    const statuses = []
    for (let i = 0; i < BUDGET + 1; i++) statuses.push((await plain()).status)
    expect(statuses).toEqual([400, 400, 400, 429])
  })
})

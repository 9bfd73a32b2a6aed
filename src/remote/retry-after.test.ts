import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseRetryAfter, RetryAfterLog } from './transport/retry-after'

afterEach(() => vi.unstubAllGlobals())

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  const now = Date.parse('2026-11-23T12:00:00Z')
  it.each([
    ['120', 120_000],
    [' 5 ', 5_000],
    ['Mon, 23 Nov 2026 12:00:30 GMT', 30_000],
    ['Mon, 23 Nov 2026 11:00:00 GMT', 0],
    ['soon', undefined],
    [null, undefined],
  ])('%s → %s ms', (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms)
  })

  it('the client fetch keeps the Retry-After of a 429 or 503 answer, once, and ignores other answers', async () => {
    const answers = [
      new Response('{}', { status: 503, headers: { 'retry-after': '7' } }),
      new Response('{}', { status: 200, headers: { 'retry-after': '9' } }),
    ]
    vi.stubGlobal('fetch', async () => answers.shift()!)
    const log = new RetryAfterLog()
    await log.fetch('https://api.test/rest/v1/x')
    await log.fetch('https://api.test/rest/v1/y')
    expect(log.take()).toBe(7_000)
    expect(log.take()).toBeUndefined()
  })

  it('keeps an auth answer’s Retry-After apart from the writes’ (the sign-in says how long to wait)', async () => {
    const answers = [
      new Response('{}', { status: 429, headers: { 'retry-after': '8' } }),
      new Response('{}', { status: 503, headers: { 'retry-after': '3' } }),
    ]
    vi.stubGlobal('fetch', async () => answers.shift()!)
    const log = new RetryAfterLog()
    await log.fetch(new URL('https://api.test/auth/v1/token?grant_type=password'))
    expect(log.take()).toBeUndefined()
    await log.fetch(new Request('https://api.test/rest/v1/rpc/save_listings', { method: 'POST' }))
    expect(log.takeAuth()).toBe(8_000)
    expect(log.takeAuth()).toBeUndefined()
    expect(log.take()).toBe(3_000)
  })
})

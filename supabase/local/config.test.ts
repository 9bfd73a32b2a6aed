/** Settings that protect a stack by default (docs/decisions.md#D-safe-defaults). */
import { describe, expect, it } from 'vitest'
import { ALLOW_DEMO_KEYS_ENV, DEFAULT_JWT_SECRET, isLoopback, loadConfig } from './config.ts'

const OWN = {
  SUPABASE_JWT_SECRET: 'an-operator-secret-of-at-least-thirty-two-chars',
  SUPABASE_ANON_KEY: 'operator-anon-key',
  SUPABASE_SERVICE_ROLE_KEY: 'operator-service-key',
}

describe('binding beyond this machine with the public demo secret or keys', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'kreis.example.ch'])(
    'is refused on %s with a message that says what to do',
    (host) => {
      expect(() => loadConfig({ KREIS_HOST: host })).toThrow(
        new RegExp(
          `Refusing to listen on ${host.replace(/\./g, '\\.')}: SUPABASE_JWT_SECRET, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY are still the public demo values.*${ALLOW_DEMO_KEYS_ENV}=true`,
        ),
      )
    },
  )

  it('is refused when only one of them is left at its demo value', () => {
    expect(() => loadConfig({ KREIS_HOST: '0.0.0.0', ...OWN, SUPABASE_JWT_SECRET: DEFAULT_JWT_SECRET })).toThrow(
      /SUPABASE_JWT_SECRET is still the public demo value/,
    )
  })

  it('is allowed with the operator’s own secret and keys', () => {
    expect(loadConfig({ KREIS_HOST: '0.0.0.0', ...OWN }).host).toBe('0.0.0.0')
  })

  it(`is allowed with the demo keys when ${ALLOW_DEMO_KEYS_ENV}=true`, () => {
    expect(loadConfig({ KREIS_HOST: '0.0.0.0', [ALLOW_DEMO_KEYS_ENV]: 'true' }).host).toBe('0.0.0.0')
  })

  it('leaves loopback alone (the default 127.0.0.1, localhost, ::1)', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1')
    for (const host of ['localhost', '::1', '127.0.0.2', '[::1]']) expect(isLoopback(host)).toBe(true)
    expect(() => loadConfig({ KREIS_HOST: 'localhost' })).not.toThrow()
    expect(isLoopback('128.0.0.1')).toBe(false)
  })
})

describe('auth limits from the environment', () => {
  it('follows GoTrue by default: 30 sign-ins/ups, 150 refreshes, 30 verifies per 5 minutes, 1 mail a minute', () => {
    const { auth, trustedProxies } = loadConfig({})
    expect(auth).toMatchObject({
      rateLimitPerWindow: 30,
      refreshRateLimitPerWindow: 150,
      verifyRateLimitPerWindow: 30,
      emailsPerAddressPerMinute: 1,
      freeFailedSignIns: 5,
    })
    expect(trustedProxies).toEqual([])
  })

  it('raises every budget alike with KREIS_AUTH_RATE_LIMIT (the e2e stack signs in many times from one address)', () => {
    const { auth } = loadConfig({ KREIS_AUTH_RATE_LIMIT: '100000' })
    expect(auth.rateLimitPerWindow).toBe(100000)
    expect(auth.refreshRateLimitPerWindow).toBeGreaterThanOrEqual(100000)
    expect(auth.emailsPerAddressPerMinute).toBeGreaterThan(1000)
    expect(auth.freeFailedSignIns).toBeGreaterThan(1000)
  })

  it('reads KREIS_TRUSTED_PROXIES as a comma-separated list', () => {
    expect(loadConfig({ KREIS_TRUSTED_PROXIES: '10.0.0.1, ::FFFF:10.0.0.2,' }).trustedProxies).toEqual([
      '10.0.0.1',
      '10.0.0.2',
    ])
  })
})

import { describe, expect, it } from 'vitest'
import { fromAuth, fromPostgrest, fromStorage } from './errors'

describe('supabase-js errors → sync failure reasons', () => {
  it.each([
    [0, '', 'TypeError: fetch failed', 'network'],
    [401, 'PGRST303', 'JWT expired', 'unauthorized'],
    [401, '42501', 'permission denied', 'unauthorized'],
    [429, '', 'Too Many Requests', 'rate_limited'],
    [503, '', 'Service Unavailable', 'server'],
    [400, '23514', 'violates check constraint', 'check_violation'],
    [403, '42501', 'new row violates row-level security policy', 'forbidden'],
    [409, '23503', 'violates foreign key constraint', 'rejected'],
    [400, 'PGRST204', 'column not found', 'rejected'],
  ])('PostgREST %i %s is %s', (status, code, message, reason) => {
    expect(fromPostgrest({ code, message }, status).reason).toBe(reason)
  })

  it('reads storage errors by their statusCode (legacy storage answers 400 with the real code inside)', () => {
    expect(
      fromStorage({
        name: 'StorageApiError',
        status: 400,
        statusCode: '403',
        message: 'new row violates row-level security policy',
      }).reason,
    ).toBe('forbidden')
    expect(
      fromStorage({ name: 'StorageApiError', status: 400, statusCode: '403', message: 'jwt expired' }).reason,
    ).toBe('unauthorized')
    expect(
      fromStorage({ name: 'StorageApiError', status: 413, statusCode: '413', message: 'Payload too large' }).reason,
    ).toBe('rejected')
    expect(fromStorage({ name: 'StorageUnknownError', message: 'fetch failed' }).reason).toBe('network')
  })

  it('treats a retryable auth fetch error as the network and anything else as a lost session', () => {
    expect(fromAuth({ name: 'AuthRetryableFetchError', status: 0, message: 'fetch failed' }).reason).toBe('network')
    expect(fromAuth({ name: 'AuthApiError', status: 400, message: 'Invalid Refresh Token' }).reason).toBe(
      'unauthorized',
    )
  })
})

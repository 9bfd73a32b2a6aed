import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, supabaseClient, type TestStack } from '../testing/test-stack.ts'
import { FUNCTION_BODY_LIMIT_BYTES } from './index.ts'

let ts: TestStack

beforeAll(async () => {
  ts = await startTestStack()
})

afterAll(async () => {
  await ts?.stop()
})

async function statusAndBody(error: unknown): Promise<[number, unknown]> {
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const res = (error as FunctionsHttpError).context as Response
  return [res.status, await res.json()]
}

describe('the functions gateway (/functions/v1)', () => {
  it('runs a function for a signed-in caller through supabase.functions.invoke', async () => {
    const user = await ts.newUser()
    const { data, error } = await user.client.functions.invoke('create-payment', {
      body: { userId: user.id, amount: 200 },
    })
    expect(error).toBeNull()
    expect(data).toEqual({ paymentUrl: expect.stringMatching(/\/sandbox-pay\/checkout\/[0-9a-f]{32}$/) })
  })

  it('refuses a request without Authorization before the function runs, as the hosted relay does', async () => {
    const res = await fetch(`${ts.url}/functions/v1/create-payment`, {
      method: 'POST',
      headers: { apikey: ts.anonKey, 'Content-Type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ msg: 'Error: Missing authorization header' })
  })

  it('refuses a body over its cap with 413, after the JWT check', async () => {
    const user = await ts.newUser()
    const body = JSON.stringify({ userId: user.id, amount: 200, pad: 'x'.repeat(FUNCTION_BODY_LIMIT_BYTES) })
    const send = (auth: Record<string, string>) =>
      fetch(`${ts.url}/functions/v1/create-payment`, {
        method: 'POST',
        headers: { apikey: ts.anonKey, 'Content-Type': 'application/json', ...auth },
        body,
      })
    expect((await send({})).status).toBe(401)
    expect((await send({ Authorization: `Bearer ${user.accessToken}` })).status).toBe(413)
  })

  it('refuses a forged or expired JWT', async () => {
    const user = await ts.newUser()
    const forged = `${user.accessToken.slice(0, -4)}AAAA`
    const expired = await ts.stack.ctx.jwt.sign({ sub: user.id, role: 'authenticated' }, -10)
    for (const token of [forged, expired, 'not-a-jwt']) {
      const { error } = await supabaseClient(ts.url, ts.anonKey).functions.invoke('create-payment', {
        body: { userId: user.id, amount: 200 },
        headers: { Authorization: `Bearer ${token}` },
      })
      expect(await statusAndBody(error)).toEqual([401, { msg: 'Invalid JWT' }])
    }
  })

  it('passes the anon key on to the function, which decides what a visitor may do', async () => {
    const { error } = await ts.anon().functions.invoke('create-payment', {
      body: { userId: '00000000-0000-4000-8000-000000000001', amount: 200 },
    })
    expect(await statusAndBody(error)).toEqual([401, { error: 'sign in first' }])
  })

  it('answers 404 for a function that does not exist', async () => {
    const { error } = await ts.anon().functions.invoke('no-such-function')
    expect(await statusAndBody(error)).toEqual([
      404,
      { code: 'NOT_FOUND', message: 'Requested function was not found' },
    ])
  })

  it('answers the CORS pre-flight of the app origin', async () => {
    const res = await fetch(`${ts.url}/functions/v1/create-payment`, {
      method: 'OPTIONS',
      headers: {
        Origin: ts.stack.config.siteUrl,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    })
    expect(res.status).toBeLessThan(300)
    expect(res.headers.get('access-control-allow-origin')).toBe(new URL(ts.stack.config.siteUrl).origin)
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/)
  })

  it('answers GET with 405, since both payment functions take a JSON body', async () => {
    const user = await ts.newUser()
    const { error } = await user.client.functions.invoke('handle-payment-success', { method: 'GET' })
    expect(await statusAndBody(error)).toEqual([405, { error: 'use POST' }])
  })
})

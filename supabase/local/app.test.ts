import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from './testing/test-stack.ts'

let ts: TestStack
beforeAll(async () => {
  ts = await startTestStack()
})
afterAll(() => ts?.stop())

const APP_ORIGIN = 'http://localhost:4173'

describe('CORS for the app origin', () => {
  it('answers a browser pre-flight from the app origin with the methods and the headers it asked for', async () => {
    const res = await fetch(`${ts.url}/rest/v1/listings`, {
      method: 'OPTIONS',
      headers: {
        Origin: APP_ORIGIN,
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'apikey, authorization, prefer, x-client-info',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(res.headers.get('access-control-allow-headers')?.split(/,\s*/)).toEqual([
      'apikey',
      'authorization',
      'prefer',
      'x-client-info',
    ])
  })

  it('exposes Content-Range (counts) and Retry-After (how long to wait) to the browser', async () => {
    const res = await fetch(`${ts.url}/rest/v1/listings?select=id&limit=1`, {
      headers: { Origin: APP_ORIGIN, apikey: ts.anonKey, Prefer: 'count=exact' },
    })
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN)
    expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range')
    // A 429's or 503's wait, read by the sync engine and the sign-in screen.
    expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After')
    expect(res.headers.get('content-range')).toMatch(/^0-0\/\d+$/)
  })

  it('grants nothing to another origin, and adds nothing to same-origin or server-side calls', async () => {
    const foreign = await fetch(`${ts.url}/health`, { headers: { Origin: 'https://evil.example' } })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const serverSide = await fetch(`${ts.url}/health`)
    expect(serverSide.status).toBe(200)
    expect(serverSide.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('gzips a browser’s JSON when it accepts gzip, as the hosted gateway does; server-side calls stay plain', async () => {
    const url = `${ts.url}/rest/v1/listings?select=*&limit=20`
    const browser = await fetch(url, { headers: { Origin: APP_ORIGIN, apikey: ts.anonKey, 'Accept-Encoding': 'gzip' } })
    expect(browser.headers.get('content-encoding')).toBe('gzip')
    expect(browser.headers.get('vary')).toContain('Accept-Encoding')
    const serverSide = await fetch(url, { headers: { apikey: ts.anonKey, 'Accept-Encoding': 'gzip' } })
    expect(serverSide.headers.get('content-encoding')).toBeNull()
    // fetch decodes the body: the same rows either way.
    expect(await browser.json()).toEqual(await serverSide.json())
  })

  it('answers unknown paths with a JSON 404, never a stack trace', async () => {
    const res = await fetch(`${ts.url}/nope/v1/anything`)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'no Route matched with those values' })
  })
})

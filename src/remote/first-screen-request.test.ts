import { describe, expect, it, vi } from 'vitest'
import { PAGE_SIZE } from '@/domain/constants'
import { FIRST_SCREEN_GLOBAL } from './first-screen'
import { FIRST_SCREEN_SELECT, firstScreenScript, firstScreenUrl } from './first-screen-request'
import { LISTING_BUNDLE_SELECT } from './supabase-transport'

const API = 'https://abc.supabase.co'
const ITEM = '7dec3af7-a7d3-4bfd-a27a-ccc6e76ee5af'
const url = (pathname: string, search = '') => firstScreenUrl(API, pathname, search, FIRST_SCREEN_SELECT, PAGE_SIZE)

describe('which pages ask for their first screen before the app runs', () => {
  it('asks with the engine’s own embedded select, so the mirror stores the same rows', () => {
    expect(FIRST_SCREEN_SELECT).toBe(LISTING_BUNDLE_SELECT)
  })

  it('/shop in its default view: the newest active listings, one feed page', () => {
    const u = new URL(url('/shop')!)
    expect(u.origin + u.pathname).toBe(`${API}/rest/v1/listings`)
    expect(u.searchParams.get('select')).toBe(FIRST_SCREEN_SELECT)
    expect(u.searchParams.get('status')).toBe('eq.active')
    expect(u.searchParams.get('order')).toBe('created_at.desc,id.desc')
    expect(u.searchParams.get('limit')).toBe(String(PAGE_SIZE))
  })

  it('/item/:id: that listing', () => {
    const u = new URL(url(`/item/${ITEM}`)!)
    expect(u.searchParams.get('id')).toBe(`eq.${ITEM}`)
    expect(u.searchParams.get('limit')).toBe('1')
  })

  it.each([
    ['/shop', '?category=women'],
    ['/shop', '?q=coat'],
    ['/shop', '?page=2'],
    ['/', ''],
    ['/favorites', ''],
    ['/item/not-a-uuid', ''],
    [`/item/${ITEM}/edit`, ''],
    [`/item/${ITEM}&limit=1000`, ''],
  ])('nothing for %s%s (a filtered view, another page, or an id that is not one)', (pathname, search) => {
    expect(url(pathname, search)).toBeNull()
  })
})

/** Runs index.html's inline script against a fake page. */
function runScript(pathname: string, online = true) {
  const fetch = vi.fn(async () => ({ ok: true, json: async () => [{ id: 'l1' }] }))
  const window: Record<string, unknown> = {}
  new Function('window', 'location', 'navigator', 'fetch', firstScreenScript(API, 'anon-key-of-the-project'))(
    window, { pathname, search: '' }, { onLine: online }, fetch,
  )
  return { fetch, answer: window[FIRST_SCREEN_GLOBAL] as Promise<unknown> | undefined }
}

describe('index.html’s inline script', () => {
  it('starts the request with the anon key and leaves its answer for the app', async () => {
    const { fetch, answer } = runScript('/shop')
    expect(fetch).toHaveBeenCalledWith(url('/shop'), { headers: { apikey: 'anon-key-of-the-project' } })
    await expect(answer).resolves.toEqual([{ id: 'l1' }])
  })

  it('asks nothing offline (the mirror answers) or on a page without a first screen', () => {
    expect(runScript('/shop', false).fetch).not.toHaveBeenCalled()
    const home = runScript('/')
    expect(home.fetch).not.toHaveBeenCalled()
    expect(home.answer).toBeUndefined()
  })

  it('answers null, never throws, when the request fails or is refused', async () => {
    const window: Record<string, unknown> = {}
    const run = (fetch: unknown) =>
      new Function('window', 'location', 'navigator', 'fetch', firstScreenScript(API, 'k'))(window, { pathname: '/shop', search: '' }, { onLine: true }, fetch)
    run(async () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(window[FIRST_SCREEN_GLOBAL]).resolves.toBeNull()
    run(async () => ({ ok: false, json: async () => ({ message: 'nope' }) }))
    await expect(window[FIRST_SCREEN_GLOBAL]).resolves.toBeNull()
    expect(() => run(() => { throw new Error('no fetch here') })).not.toThrow()
  })
})

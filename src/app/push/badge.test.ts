// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { BADGE_CACHE, BADGE_KEY, showUnread } from './badge'

function fakes(withBadge = true) {
  const calls: string[] = []
  const store = new Map<string, string>()
  const nav = withBadge
    ? {
        setAppBadge: async (n?: number) => void calls.push(`set ${n}`),
        clearAppBadge: async () => void calls.push('clear'),
      }
    : {}
  const caches = {
    open: async (name: string) => ({
      put: async (key: string, res: Response) => void store.set(`${name} ${key}`, await res.text()),
    }),
  }
  return { calls, store, nav: nav as Navigator, caches: caches as unknown as CacheStorage }
}

describe('the app badge', () => {
  it('shows the unread total and keeps it for the service worker', async () => {
    const f = fakes()
    await showUnread(4, f.nav, f.caches)
    expect(f.calls).toEqual(['set 4'])
    expect(f.store.get(`${BADGE_CACHE} ${BADGE_KEY}`)).toBe('4')
  })

  it('clears at zero', async () => {
    const f = fakes()
    await showUnread(0, f.nav, f.caches)
    expect(f.calls).toEqual(['clear'])
    expect(f.store.get(`${BADGE_CACHE} ${BADGE_KEY}`)).toBe('0')
  })

  it('does nothing where there is no badge', async () => {
    const f = fakes(false)
    await showUnread(3, f.nav, f.caches)
    expect(f.store.size).toBe(0)
  })
})

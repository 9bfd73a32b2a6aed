/**
 * index.html's loaders hold the app's JS back on a cold /shop or /item/:id until the first screen's photos have
 * painted from HTML (scripts/app-loader.ts AFTER_FIRST_PHOTOS), never longer than its limit, and not at all where
 * the service worker serves the JS from the device or where nothing is being painted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AFTER_FIRST_PHOTOS, FIRST_PHOTO_WAIT_LIMIT_MS } from '../../scripts/app-loader'
import { FIRST_PAINT_GLOBAL } from '@/remote/first-screen'

/** Runs the loaders' wait on a list of three; `go` records each item as it is taken. */
function load(paint: Promise<void> | undefined, controlled = false) {
  const go = vi.fn()
  const window = paint ? { [FIRST_PAINT_GLOBAL]: paint } : {}
  const navigator = { serviceWorker: { controller: controlled ? {} : null } }
  new Function('window', 'navigator', `(${AFTER_FIRST_PHOTOS})(['a', 'b', 'c'], arguments[2])`)(window, navigator, go)
  return go
}
const taken = (go: ReturnType<typeof vi.fn>) => go.mock.calls.map(([x]) => x)

describe('the app’s JS after the first photos', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('loads at once (while the page parses) where nothing is painted from HTML, or the service worker has the JS on the device', () => {
    expect(taken(load(undefined))).toEqual(['a', 'b', 'c'])
    expect(taken(load(new Promise(() => {}), true))).toEqual(['a', 'b', 'c'])
  })

  it('waits for the photos to paint, then takes each item once, in order, each in a task of its own', async () => {
    let painted!: () => void
    const go = load(new Promise<void>((resolve) => (painted = resolve)))
    await vi.advanceTimersByTimeAsync(FIRST_PHOTO_WAIT_LIMIT_MS - 1)
    expect(go).not.toHaveBeenCalled()
    const pending = vi.getTimerCount()
    painted()
    await Promise.resolve()
    expect(go).not.toHaveBeenCalled()
    // One task per item.
    expect(vi.getTimerCount()).toBe(pending + 3)
    await vi.advanceTimersByTimeAsync(FIRST_PHOTO_WAIT_LIMIT_MS)
    expect(taken(go)).toEqual(['a', 'b', 'c'])
  })

  it('never waits longer than its limit (a slow or lost answer, a photo that never paints)', async () => {
    const go = load(new Promise(() => {}))
    await vi.advanceTimersByTimeAsync(FIRST_PHOTO_WAIT_LIMIT_MS - 1)
    expect(go).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(2)
    expect(taken(go)).toEqual(['a', 'b', 'c'])
    const failed = load(Promise.reject(new Error('lost')))
    await Promise.resolve()
    await vi.advanceTimersByTimeAsync(1)
    expect(taken(failed)).toEqual(['a', 'b', 'c'])
  })
})

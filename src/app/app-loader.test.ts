/**
 * index.html's loaders hold the app's JS back on a cold /shop or /item/:id until the first screen's photos have
 * painted from HTML (scripts/app-loader.ts AFTER_FIRST_PHOTOS), never longer than its limit, and not at all where
 * the service worker serves the JS from the device or where nothing is being painted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AFTER_FIRST_PHOTOS, FIRST_PHOTO_WAIT_LIMIT_MS } from '../../scripts/app-loader'
import { FIRST_PAINT_GLOBAL } from '@/remote/first-screen'

function load(paint: Promise<void> | undefined, controlled = false) {
  const go = vi.fn()
  const window = paint ? { [FIRST_PAINT_GLOBAL]: paint } : {}
  const navigator = { serviceWorker: { controller: controlled ? {} : null } }
  new Function('window', 'navigator', `(${AFTER_FIRST_PHOTOS})(arguments[2])`)(window, navigator, go)
  return go
}

describe('the app’s JS after the first photos', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('loads at once where nothing is painted from HTML, or the service worker has the JS on the device', () => {
    expect(load(undefined)).toHaveBeenCalledTimes(1)
    expect(load(new Promise(() => {}), true)).toHaveBeenCalledTimes(1)
  })

  it('waits for the photos to paint, then loads once', async () => {
    let painted!: () => void
    const go = load(new Promise<void>((resolve) => (painted = resolve)))
    await vi.advanceTimersByTimeAsync(FIRST_PHOTO_WAIT_LIMIT_MS - 1)
    expect(go).not.toHaveBeenCalled()
    painted()
    await vi.advanceTimersByTimeAsync(0)
    expect(go).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(FIRST_PHOTO_WAIT_LIMIT_MS)
    expect(go).toHaveBeenCalledTimes(1)
  })

  it('never waits longer than its limit (a slow or lost answer, a photo that never paints)', async () => {
    const go = load(new Promise(() => {}))
    await vi.advanceTimersByTimeAsync(FIRST_PHOTO_WAIT_LIMIT_MS)
    expect(go).toHaveBeenCalledTimes(1)
    const failed = load(Promise.reject(new Error('lost')))
    await vi.advanceTimersByTimeAsync(0)
    expect(failed).toHaveBeenCalledTimes(1)
  })
})

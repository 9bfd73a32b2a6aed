// @vitest-environment node
// public/vendor/browser-image-compression.js is a committed copy of the library's UMD build, served from our
// origin for the compressor's worker (importScripts; the service worker precaches it). It must be the very
// version the app bundles.
import { describe, expect, it } from 'vitest'
import served from '../../../../public/vendor/browser-image-compression.js?raw'
import installed from '../../../../node_modules/browser-image-compression/dist/browser-image-compression.js?raw'

describe('the compressor library served from our origin', () => {
  it('is identical to the installed package (re-copy it after an upgrade)', () => {
    expect(served.length).toBeGreaterThan(10_000)
    expect(served === installed).toBe(true)
  })
})

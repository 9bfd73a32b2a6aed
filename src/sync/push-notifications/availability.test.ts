import { describe, expect, it } from 'vitest'
import { base64UrlBytes, pushAvailability, type PushFacts } from './availability'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'

const facts = (over: Partial<PushFacts>): PushFacts => ({
  hasPushApi: true,
  userAgent: CHROME,
  maxTouchPoints: 0,
  standalone: false,
  permission: 'default',
  ...over,
})

describe('push availability', () => {
  it.each<[string, Partial<PushFacts>, string]>([
    ['Chrome on a desktop', {}, 'available'],
    ['notifications blocked', { permission: 'denied' }, 'denied'],
    ['no Push API', { hasPushApi: false }, 'unsupported'],
    [
      'iPhone Safari in a tab (no Push API there)',
      { userAgent: IPHONE_SAFARI, hasPushApi: false, maxTouchPoints: 5 },
      'needs-install',
    ],
    ['iPhone, from the Home Screen', { userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true }, 'available'],
    ['iPad reporting a Mac, in a tab', { userAgent: IPAD_AS_MAC, maxTouchPoints: 5 }, 'needs-install'],
    ['a Mac (Safari 16+ on macOS has Web Push)', { userAgent: IPAD_AS_MAC, maxTouchPoints: 0 }, 'available'],
  ])('%s → %s', (_name, over, expected) => {
    expect(pushAvailability(facts(over))).toBe(expected)
  })

  it('turns the base64url VAPID key into its 65 bytes', () => {
    const bytes = new Uint8Array(65).map((_, i) => (i * 37) & 255)
    const b64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    expect([...base64UrlBytes(b64url)]).toEqual([...bytes])
  })
})

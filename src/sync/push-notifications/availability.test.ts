// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FakePushBrowser } from '../testing/fake-push-browser'
import { base64UrlBytes, browserPushFacts, pushAvailability, type PushFacts } from './availability'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const IPOD =
  'Mozilla/5.0 (iPod touch; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1'
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
    ['a Mac with one touch point (a pen, not an iPad)', { userAgent: IPAD_AS_MAC, maxTouchPoints: 1 }, 'available'],
    ['iPad naming itself, in a tab', { userAgent: IPAD, maxTouchPoints: 5 }, 'needs-install'],
    ['iPod touch, in a tab', { userAgent: IPOD, maxTouchPoints: 5 }, 'needs-install'],
    [
      'iPad reporting a Mac, from the Home Screen',
      { userAgent: IPAD_AS_MAC, maxTouchPoints: 5, standalone: true },
      'available',
    ],
    ['a touch screen that is no Mac or iOS device', { maxTouchPoints: 10 }, 'available'],
    ['installed on a desktop', { standalone: true }, 'available'],
    // Installing comes first even when blocked: the installed app asks anew.
    [
      'iPhone in a tab, notifications blocked',
      { userAgent: IPHONE_SAFARI, maxTouchPoints: 5, permission: 'denied' },
      'needs-install',
    ],
    [
      'iPhone from the Home Screen before iOS 16.4 (no Push API)',
      { userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true, hasPushApi: false },
      'unsupported',
    ],
    [
      'iPhone from the Home Screen, blocked',
      { userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: true, permission: 'denied' },
      'denied',
    ],
    ['no Push API and a blocked Notification', { hasPushApi: false, permission: 'denied' }, 'unsupported'],
    ['already granted', { permission: 'granted' }, 'available'],
  ])('%s → %s', (_name, over, expected) => {
    expect(pushAvailability(facts(over))).toBe(expected)
  })

  it.each([
    // 0, 2 and 3 characters past a multiple of four: no padding, then two '=' or one are owed.
    ['no padding owed', [251, 255, 190]],
    ['two pad characters owed', [251, 255, 190, 62]],
    ['one pad character owed', [251, 255, 190, 62, 252]],
    ['empty', []],
  ])('decodes base64url with %s', (_name, bytes) => {
    const b64url = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
    const out = base64UrlBytes(b64url)
    expect(out).toBeInstanceOf(Uint8Array)
    expect([...out]).toEqual(bytes)
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

describe('this browser’s push facts', () => {
  let browser: FakePushBrowser | null = null
  const install = (b: FakePushBrowser) => (browser = b)
  afterEach(() => {
    browser?.restore()
    browser = null
    vi.unstubAllGlobals()
  })

  it('reads the Push API, the user agent, touch points and the permission from the browser', () => {
    install(new FakePushBrowser({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5, permission: 'granted' }))
    expect(browserPushFacts()).toEqual({
      hasPushApi: true,
      userAgent: IPAD_AS_MAC,
      maxTouchPoints: 5,
      standalone: false,
      permission: 'granted',
    })
  })

  it.each<[string, () => void]>([
    ['no service worker', () => delete (navigator as unknown as Record<string, unknown>).serviceWorker],
    ['no PushManager', () => delete (window as unknown as Record<string, unknown>).PushManager],
    ['no Notification', () => delete (window as unknown as Record<string, unknown>).Notification],
  ])('without one part of the Push API (%s) there is none', (_name, remove) => {
    install(new FakePushBrowser())
    remove()
    expect(browserPushFacts().hasPushApi).toBe(false)
  })

  it('without Notification the permission is unknown', () => {
    install(new FakePushBrowser({ pushApi: false }))
    expect(browserPushFacts()).toMatchObject({ hasPushApi: false, permission: null })
  })

  it.each<[string, ConstructorParameters<typeof FakePushBrowser>[0], boolean]>([
    ['a browser tab', { displayModeStandalone: false }, false],
    ['an installed app (display-mode standalone)', { displayModeStandalone: true }, true],
    ['iOS from the Home Screen (navigator.standalone)', { iosStandalone: true, displayModeStandalone: false }, true],
    ['iOS in Safari (navigator.standalone false)', { iosStandalone: false, displayModeStandalone: false }, false],
    ['no matchMedia', { displayModeStandalone: null }, false],
    ['no matchMedia, from the Home Screen', { iosStandalone: true, displayModeStandalone: null }, true],
  ])('standalone in %s: %s', (_name, options, standalone) => {
    install(new FakePushBrowser(options))
    expect(browserPushFacts().standalone).toBe(standalone)
  })

  it('in a service worker (a navigator, no window) there is no Push API to offer and no standalone app', () => {
    install(new FakePushBrowser({ iosStandalone: true, userAgent: CHROME, maxTouchPoints: 2 }))
    vi.stubGlobal('window', undefined)
    expect(browserPushFacts()).toMatchObject({
      hasPushApi: false,
      standalone: false,
      userAgent: CHROME,
      maxTouchPoints: 2,
    })
  })

  it('with neither window nor navigator: nothing, and no error', () => {
    install(new FakePushBrowser({ pushApi: false }))
    vi.stubGlobal('window', undefined)
    vi.stubGlobal('navigator', undefined)
    expect(browserPushFacts()).toEqual({
      hasPushApi: false,
      userAgent: '',
      maxTouchPoints: 0,
      standalone: false,
      permission: null,
    })
  })
})

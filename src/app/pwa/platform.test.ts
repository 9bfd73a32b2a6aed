import { describe, expect, it } from 'vitest'
import { INSTALL_SNOOZE_MS, isSnoozed, needsIosInstallHint } from './platform'

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1'
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1'
const IPAD_DESKTOP_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'

describe('the iOS "Add to Home Screen" hint', () => {
  it.each([
    ['iPhone Safari', IPHONE_SAFARI, 5, false, true],
    ['iPhone Safari, already on the Home Screen', IPHONE_SAFARI, 5, true, false],
    ['iPhone Chrome', IPHONE_CHROME, 5, false, false],
    ['iPadOS Safari (desktop user agent, touch screen)', IPAD_DESKTOP_UA, 5, false, true],
    ['Mac Safari (no touch screen)', IPAD_DESKTOP_UA, 0, false, false],
    ['Android Chrome (has an install prompt)', ANDROID_CHROME, 5, false, false],
  ])('%s → %s', (_name, userAgent, maxTouchPoints, standalone, expected) => {
    expect(needsIosInstallHint({ userAgent, maxTouchPoints, standalone })).toBe(expected)
  })
})

describe('"Not now" snoozes the install offer for 30 days', () => {
  it.each([
    [null, 0, false],
    [0, INSTALL_SNOOZE_MS - 1, true],
    [0, INSTALL_SNOOZE_MS, false],
  ])('snoozed at %s, now %i → %s', (at, now, expected) => {
    expect(isSnoozed(at, now)).toBe(expected)
  })
})

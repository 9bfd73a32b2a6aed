import { describe, expect, it } from 'vitest'
import * as C from './constants'

describe('docs/product.md §9 business constants', () => {
  it.each([
    ['TRIAL_LENGTH_MS', 2_592_000_000],
    ['WELCOME_PAYMENT_AMOUNT_RAPPEN', 200],
    ['MONTHLY_PAYMENT_AMOUNT_RAPPEN', 500],
    ['PAGE_SIZE', 12],
    ['HOME_GRID_MAX', 8],
    ['NEW_BADGE_MAX_AGE_MS', 604_800_000],
    ['SKELETON_DELAY_MS', 200],
    ['TOAST_LIMIT', 1],
    ['TOAST_DURATION_MS', 5_000],
    ['TOAST_REMOVE_DELAY_MS', 1_000_000],
    ['REDIRECT_AFTER_AUTH_MS', 1_500],
    ['PAYMENT_SUCCESS_REDIRECT_MS', 2_000],
    ['CONTACT_CONFIRMATION_MS', 5_000],
    ['SCROLL_TO_TOP_THRESHOLD_PX', 300],
    ['SCROLL_OFFSET_EXTRA_PX', 20],
    ['HERO_FADE_IN_MS', 300],
    ['CTA_VISIBLE_RATIO', 0.5],
    ['CTA_PULSE_DELAY_MS', 2_000],
    ['PHOTOS_MIN_ON_UPLOAD', 2],
    ['PHOTOS_MAX', 10],
    ['DRAG_TOUCH_DELAY_MS', 120],
    ['DRAG_MOUSE_DISTANCE_PX', 5],
    ['MESSAGE_TOAST_PREVIEW_CHARS', 50],
    ['PASSWORD_MIN_LENGTH', 6],
    ['FILTER_PRICE_DEFAULT_MAX_CHF', 500],
    ['STORAGE_BUCKET', 'listing-images'],
    ['FOOTER_COPYRIGHT_YEAR', 2024],
    ['AUTH_JWKS_CACHE_MS', 600_000],
  ] as const)('%s = %j', (name, value) => {
    expect(C[name]).toBe(value)
  })

  it('accepts the four photo extensions', () => {
    expect(C.PHOTO_EXTENSIONS).toEqual(['.jpeg', '.jpg', '.png', '.webp'])
  })
})

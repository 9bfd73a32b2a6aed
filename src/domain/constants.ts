// Business constants and limits of docs/product.md §9, in one place, with their units in the name.

const SECOND_MS = 1_000
export const DAY_MS = 24 * 60 * 60 * SECOND_MS

// Money. Amounts for the payment function are in Rappen, the hundredth of a franc (docs/product.md §7.4: 200 or 500).
export const CURRENCY = 'CHF'
export const PRICE_DECIMALS = 2
export const RAPPEN_PER_CHF = 100
export const TRIAL_MONTH_PRICE_CHF = 0
export const WELCOME_MONTH_PRICE_CHF = 2
export const MONTHLY_PRICE_CHF = 5
export const WELCOME_PAYMENT_AMOUNT_RAPPEN = WELCOME_MONTH_PRICE_CHF * RAPPEN_PER_CHF
export const MONTHLY_PAYMENT_AMOUNT_RAPPEN = MONTHLY_PRICE_CHF * RAPPEN_PER_CHF
export const SALES_COMMISSION_PERCENT = 0

// Trial and subscription phases, counted from the profile's created_at.
export const TRIAL_LENGTH_DAYS = 30
export const TRIAL_LENGTH_MS = TRIAL_LENGTH_DAYS * DAY_MS // 2,592,000,000 ms
export const WELCOME_PHASE_END_DAYS = 60

// People.
export const MINIMUM_USER_AGE_YEARS = 16
export const PASSWORD_MIN_LENGTH = 6

// Listings and the sell flow.
export const TITLE_MIN_LENGTH = 3
export const DESCRIPTION_MIN_LENGTH = 10
export const PRICE_MIN_ON_FORM_CHF = 1 // the details form; the publish check only requires > 0
export const PRICE_INPUT_STEP_CHF = 0.01
export const PHOTOS_MIN_ON_UPLOAD = 2
export const PHOTOS_MIN_AT_PUBLISH = 1 // the final check is looser than the upload step (docs/product.md §9)
export const PHOTOS_MAX = 10
export const PHOTO_EXTENSIONS = ['.jpeg', '.jpg', '.png', '.webp'] as const
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
export const IMAGE_ORDER_FIRST = 1
export const DRAG_TOUCH_DELAY_MS = 120
export const DRAG_MOUSE_DISTANCE_PX = 5
/** The storage bucket of listing photos and profile pictures (supabase/migrations …000750). */
export const STORAGE_BUCKET = 'listing-images'
export const NEW_BADGE_MAX_AGE_MS = 7 * DAY_MS
export const DEFAULT_SELLER_RATING = 5
export const VERIFIED_SELLER_SHARE = 0.3

// A listing's columns as the server checks them (migration 20261122000300; lengths in characters).
export const TITLE_MAX_LENGTH = 120
export const DESCRIPTION_MAX_LENGTH = 5000
/** Prices are below this (exclusive), and above 0. */
export const PRICE_LIMIT_CHF = 100_000
export const PRODUCT_TYPE_MAX_LENGTH = 100
export const BRAND_MAX_LENGTH = 100
export const SIZE_MAX_LENGTH = 40
export const FABRIC_MAX_LENGTH = 100
export const LOCATION_MAX_LENGTH = 100
export const TAGS_MAX = 20

// Feed and home.
export const PAGE_SIZE = 12
export const PAGINATION_ALL_PAGES_MAX = 7
export const HOME_GRID_MAX = 8
export const SKELETON_DELAY_MS = 200
export const SKELETON_CARD_COUNT = 12
export const FILTER_PRICE_DEFAULT_MIN_CHF = 0
export const FILTER_PRICE_DEFAULT_MAX_CHF = 500

// Messaging.
export const MESSAGE_TOAST_PREVIEW_CHARS = 50

// Timing of the interface.
export const REDIRECT_AFTER_AUTH_MS = 1_500
export const PAYMENT_SUCCESS_REDIRECT_MS = 2_000
export const CONTACT_CONFIRMATION_MS = 5_000
export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 5_000
// The spec's value: a dismissed toast stays mounted (hidden) practically forever rather than being unmounted.
export const TOAST_REMOVE_DELAY_MS = 1_000_000
export const HERO_FADE_IN_MS = 300
export const CTA_VISIBLE_RATIO = 0.5
export const CTA_PULSE_DELAY_MS = 2_000
export const SCROLL_TO_TOP_THRESHOLD_PX = 300
export const SCROLL_OFFSET_EXTRA_PX = 20
export const SCROLL_FALLBACK_VIEWPORT_RATIO = 0.8
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

// Library defaults the spec records (supabase-js auth and realtime); listed so nobody re-derives them.
export const AUTH_REFRESH_TICK_MS = 30 * SECOND_MS
export const AUTH_REFRESH_THRESHOLD_TICKS = 3
export const AUTH_RETRY_BASE_MS = 200
export const AUTH_JWKS_CACHE_MS = 10 * 60 * SECOND_MS
export const REALTIME_HEARTBEAT_MS = 25 * SECOND_MS

// Static content.
export const FOOTER_COPYRIGHT_YEAR = 2024
// The spec shows an e-mail link ({email}) on /contact without the address; this one is ours to choose.
export const CONTACT_EMAIL = 'hello@kreis.ch'

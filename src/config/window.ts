/**
 * The device's window of the catalogue: how many listings a device keeps besides those that are the user's
 * (src/domain/listing-window.ts says which those are).
 *
 * 2,000 newest listings: a listing row with its card fields and its photo rows takes about 3–4 KB in IndexedDB
 * (title, description, tags, card fields, 1–10 image rows, the indexes), so the window costs ~6–8 MB of the
 * 25 MB IndexedDB budget, leaving room for the user's own rows, favourites, conversations and kept search answers.
 * Offline, 2,000 listings are 166 feed pages of 12 — more than a person scrolls on a train — and enough for an
 * offline search to find something in most categories and sizes; the server answers everything beyond it when
 * online.
 */
export const LISTING_WINDOW_SIZE = 2_000

/** Listings the user opened recently that stay on the device (least recently opened leave first). */
export const RECENT_LISTINGS_CAP = 200

/**
 * Most ids a device names to the server beside the window it computes (recently opened, queued, drafts, kept
 * search answers); the server takes no more than this many (migration 20261127100000_listing_window).
 */
export const WINDOW_EXTRA_IDS_MAX = 2_000

/** Ids per request when the device fetches listings of its window it does not hold. */
export const WINDOW_FETCH_CHUNK = 100

/**
 * The device's window of the catalogue: how many listings a device keeps besides those that are the user's
 * (src/domain/listing-window.ts says which those are).
 *
 * 2,000 newest listings: a seed listing is ~1 KB as a device row (fields, card fields, sync state) and its 3.4
 * photo rows another ~1.2 KB (supabase/seed.sql: 51 listings, 172 photos); budgeting 4 KB per listing for
 * IndexedDB's own storage and the two listing indexes, the window costs ~8 MB of the 25 MB budget, leaving room for
 * the user's own rows, favourites, conversations, recently opened listings and kept search answers. Offline, 2,000
 * listings are 166 feed pages of 12 — more than a person scrolls on a train — and enough for an offline search to
 * find something in most categories and sizes; the server answers everything beyond it when online.
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

/**
 * Older held listings (created before the window's newest part) a device's realtime channel names by id: 5 `in`
 * filters of 100 ids (hosted Realtime's limit per filter). Beyond them, the periodic pull follows the rest.
 */
export const REALTIME_WATCH_IDS_MAX = 500

/**
 * How long the leader waits after the held listings change before it checks whether its realtime channel still
 * hears them (a pull writes many rows at once; one check after it settles).
 */
export const REALTIME_RESCOPE_DEBOUNCE_MS = 1_000

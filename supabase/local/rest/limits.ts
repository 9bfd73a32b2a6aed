/** The data API's limits, in one place. */

/** Largest POST/PATCH body; larger ones get 413. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024

/** Deepest `select=` embedding and `or=`/`and=` nesting; deeper input would only serve to exhaust the stack. */
export const MAX_NESTING = 16

/** Verified bearer/apikey pairs kept until their expiry (the map is cleared when full). */
export const MAX_CACHED_CALLERS = 1000

/** Built read statements kept per schema cache (the map is cleared when full). */
export const MAX_CACHED_STATEMENTS = 500

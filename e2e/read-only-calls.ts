/**
 * Which requests of a page count as writes. The sync engine asks for its window and the shop for its searches
 * with POST /rest/v1/rpc/<name> (supabase-js's way of calling a function with arguments), but those functions only
 * read: supabase/tests/schema-conventions.test.ts pins each name below as a `stable` function, which Postgres
 * lets change nothing.
 */
export const READ_ONLY_RPCS = [
  'window_listings',
  'window_listing_ids',
  'window_profiles',
  'search_listings',
  'search_listings_count',
] as const

export function isWriteRequest(method: string, url: string): boolean {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return false
  const rpc = /\/rest\/v1\/rpc\/(\w+)/.exec(url)?.[1]
  return !(method === 'POST' && rpc !== undefined && (READ_ONLY_RPCS as readonly string[]).includes(rpc))
}

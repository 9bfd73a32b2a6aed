/** Listings as a seller's device sends them, for tests against the memory server. */
import type { ListingWrite } from '@/db/rows'

/** The `n`th id of a test's run of ids (valid uuids, in order). */
export const testId = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** An active wool coat in Bern by `sellerId`, with `over` on top. */
export const listingWrite = (sellerId: string, id: string, over: Partial<ListingWrite> = {}): ListingWrite => ({
  id,
  user_id: sellerId,
  title: 'Wool coat',
  description: 'Soft wool',
  price: 20,
  condition: 'very_good',
  category: 'women',
  product_type: null,
  brand: null,
  size: 'M',
  fabric: null,
  location: 'Bern',
  tags: null,
  status: 'active',
  edited_at: '2025-12-01T00:00:00.000Z',
  ...over,
})

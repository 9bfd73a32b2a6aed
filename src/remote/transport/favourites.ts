/** The favourites slice: a favourite set or cleared (O1), and the user's whole set. */
import type { FavoriteRecord } from '@/db/records'
import type { FavouritesSlice, Result } from '@/sync/protocol'
import { toFavorite } from '../rows'
import { ok, rows, run, type SupabaseContext } from './query'

export const favouritesSlice = ({ client }: SupabaseContext): FavouritesSlice => ({
  async setFavorite(userId: string, listingId: string, favourite: boolean, createdAt: string): Promise<Result<void>> {
    const q = favourite
      ? client.from('favorites').upsert({ user_id: userId, listing_id: listingId, created_at: createdAt }, { onConflict: 'user_id,listing_id', ignoreDuplicates: true })
      : client.from('favorites').delete().eq('user_id', userId).eq('listing_id', listingId)
    const r = await run(q)
    return r.ok ? ok(undefined) : r
  },

  pullFavorites(): Promise<Result<FavoriteRecord[]>> {
    return rows(client.from('favorites').select('user_id, listing_id, created_at').order('created_at'), toFavorite)
  },
})

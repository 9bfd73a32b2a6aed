/** The favourites slice: a favourite set or cleared (O1), and the user's whole set. */
import type { FavoriteRecord } from '@/db/records'
import type { FavouritesSlice, Result } from '@/sync/protocol'
import { toFavorite } from '../rows'
import { ok, rows, run, type SupabaseContext } from './query'

export const favouritesSlice = ({ client }: SupabaseContext): FavouritesSlice => ({
  // The caller is the user (RPC set_favourite writes auth.uid()'s row): `userId` names whose entry it is.
  async setFavorite(
    _userId: string,
    listingId: string,
    favourite: boolean,
    createdAt: string,
    editedAt?: string,
  ): Promise<Result<void>> {
    const r = await run(
      client.rpc('set_favourite', {
        p_listing_id: listingId,
        p_favourite: favourite,
        p_created_at: createdAt,
        p_edited_at: editedAt ?? null,
      }),
    )
    return r.ok ? ok(undefined) : r
  },

  pullFavorites(): Promise<Result<FavoriteRecord[]>> {
    return rows(client.from('favorites').select('user_id, listing_id, created_at').order('created_at'), toFavorite)
  },
})

/**
 * The server's answers to shop searches, as the mirror keeps them: the listing rows go into `listings` (with their
 * images and sellers, like any pull), and `server_pages` keeps which ids each page showed, in order. The shop
 * reads a page's rows from here, so it still reads only the device's database. The newest SERVER_PAGES_KEPT
 * answers are kept; the mirror's window keeps every listing they name.
 */
import type { KreisDatabase } from '../database'
import type { ListingRow, ServerPageRow } from '../rows'

/** Answers kept: a few searches' first pages and the pages walked through. */
export const SERVER_PAGES_KEPT = 30

/** Stores one page's answer and drops the oldest beyond SERVER_PAGES_KEPT. */
export async function storeServerPage(db: KreisDatabase, page: ServerPageRow): Promise<void> {
  await db.transaction('rw', db.server_pages, async () => {
    await db.server_pages.put(page)
    const stale = await db.server_pages.orderBy('fetched_at').reverse().offset(SERVER_PAGES_KEPT).primaryKeys()
    if (stale.length) await db.server_pages.bulkDelete(stale)
  })
}

export const serverPage = (db: KreisDatabase, key: string): Promise<ServerPageRow | undefined> =>
  db.server_pages.get(key)

/** A stored page with its listing rows, in the server's order; rows that are no longer active drop out. */
export interface ServerPageView {
  readonly page: ServerPageRow
  readonly rows: ListingRow[]
}

export async function serverPageView(db: KreisDatabase, key: string): Promise<ServerPageView | null> {
  return db.transaction('r', db.server_pages, db.listings, async () => {
    const page = await db.server_pages.get(key)
    if (!page) return null
    const rows = (await db.listings.bulkGet(page.ids)).filter(
      (r): r is ListingRow => r !== undefined && r.status === 'active',
    )
    return { page, rows }
  })
}

/** Every listing id the stored answers name (the window keeps them). */
export async function serverPageListingIds(db: KreisDatabase): Promise<Set<string>> {
  const ids = new Set<string>()
  await db.server_pages.each((p) => p.ids.forEach((id) => ids.add(id)))
  return ids
}

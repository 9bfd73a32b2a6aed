/**
 * The feed's filter projection: the few fields a feed filter or order looks at, for every listing row, held in
 * memory per database. Narrow filters (a city and a size in one category) match a few rows in a thousand; read
 * from IndexedDB they cost a full row read per candidate (about 24 µs per 1 KB row in Chromium here), in memory
 * a comparison. A page then reads just its 12 rows.
 *
 * Each listing is kept in the normal form the feed rule compares (src/domain/feed-filters.ts FilterFacets: folded
 * location words, size words, search text), computed once per row change, so a filter or search is string and
 * number comparisons per row.
 *
 * It is loaded once per database (in chunks, off the critical path of broad filters, see feed.ts) and kept
 * exact by the database's listing change notices (../row-changes.ts: every write to `listings`, in this tab and
 * the others): a changed row is marked stale when the write is made and read again before the next answer.
 */
import Dexie from 'dexie'
import { filterFacets, type FilterFacets } from '../../domain/feed-filters'
import type { FeedSort } from '../../domain/feed-query'
import type { KreisDatabase } from '../database'
import type { RowChange } from '../row-changes'
import type { ListingRow } from '../rows'

/** Rows per getAll while loading: small enough that no single read blocks the main thread for long. */
const LOAD_CHUNK_ROWS = 1000

export type Facets = Pick<ListingRow, 'id' | 'status' | 'created_at'> & FilterFacets
export type FacetOrder = FeedSort

export const facetsOf = (row: ListingRow): Facets => ({
  id: row.id,
  status: row.status,
  created_at: row.created_at,
  ...filterFacets(row),
})

/** Orders with their tie-breaks (the id), so equal dates and prices page deterministically. */
export const FACET_ORDER: Record<FacetOrder, (a: Facets, b: Facets) => number> = {
  newest: (a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1),
  price_asc: (a, b) => (a.price === b.price ? (a.id < b.id ? -1 : 1) : a.price - b.price),
  price_desc: (a, b) => (a.price === b.price ? (a.id < b.id ? 1 : -1) : b.price - a.price),
}

export class FeedProjection {
  private facets = new Map<string, Facets>()
  private sorted = new Map<FacetOrder, Facets[]>()
  private loaded: Promise<void> | null = null
  private isLoaded = false
  /** Full reads of the table so far (1 after loading; more only after a clear or a delete by key range). */
  fullReads = 0
  /** Rows written since the projection last read them ('all': read the table again). */
  private stale: Set<string> | 'all' = new Set()
  /** The catch-up under way (each waits for the one before). */
  private applying: Promise<void> = Promise.resolve()
  private unsubscribe: (() => void) | null = null

  constructor(private readonly db: KreisDatabase) {
    // A closed database hears no more changes: the next read starts over.
    db.on('close', () => this.reset())
  }

  /** True once loaded: reads cost no IndexedDB scan. */
  get ready(): boolean {
    return this.isLoaded
  }

  /** The facets in `order`, every listing row the database holds now. */
  async inOrder(order: FacetOrder): Promise<readonly Facets[]> {
    this.loaded ??= this.load()
    await this.loaded
    await this.catchUp()
    let list = this.sorted.get(order)
    if (!list) {
      list = [...this.facets.values()].sort(FACET_ORDER[order])
      this.sorted.set(order, list)
    }
    return list
  }

  private async load(): Promise<void> {
    // Changes from now on are caught up after the load; reads it makes wait for writes already under way.
    this.unsubscribe ??= this.db.rowChanges.subscribe('listings', this.onChange)
    this.fullReads++
    await Dexie.ignoreTransaction(async () => {
      let last: string | null = null
      for (;;) {
        const range = last === null ? this.db.listings.toCollection() : this.db.listings.where(':id').above(last)
        const rows: ListingRow[] = await range.limit(LOAD_CHUNK_ROWS).toArray()
        for (const r of rows) this.facets.set(r.id, facetsOf(r))
        if (rows.length < LOAD_CHUNK_ROWS) break
        last = rows[rows.length - 1]!.id
      }
    })
    this.isLoaded = true
  }

  private readonly onChange = (change: RowChange): void => {
    if ('all' in change || this.stale === 'all') this.stale = 'all'
    else for (const id of change.ids) this.stale.add(id)
  }

  /** Reads the stale rows again (outside any transaction of the caller's: a fresh read sees every commit). */
  private catchUp(): Promise<void> {
    const next = this.applying.then(async () => {
      const stale = this.stale
      if (stale !== 'all' && stale.size === 0) return
      this.stale = new Set()
      try {
        await Dexie.ignoreTransaction(() => (stale === 'all' ? this.reload() : this.refresh([...stale])))
      } catch (e) {
        this.stale = 'all' // not applied: the next read starts over
        throw e
      }
    })
    this.applying = next.catch(() => {})
    return next
  }

  private async refresh(ids: string[]): Promise<void> {
    const rows = await this.db.listings.bulkGet(ids)
    ids.forEach((id, i) => {
      const row = rows[i]
      if (row) this.facets.set(id, facetsOf(row))
      else this.facets.delete(id)
    })
    this.sorted.clear()
  }

  private async reload(): Promise<void> {
    this.facets = new Map()
    this.sorted.clear()
    await this.load()
  }

  private reset(): void {
    this.unsubscribe?.()
    this.unsubscribe = null
    this.loaded = null
    this.isLoaded = false
    this.facets = new Map()
    this.sorted.clear()
    this.stale = new Set()
  }
}

const projections = new WeakMap<KreisDatabase, FeedProjection>()

export function feedProjection(db: KreisDatabase): FeedProjection {
  let p = projections.get(db)
  if (!p) {
    p = new FeedProjection(db)
    projections.set(db, p)
  }
  return p
}

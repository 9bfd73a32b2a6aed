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
 * exact from Dexie's `storagemutated` event, which reports the keys every committed transaction changed, in this
 * tab and (via BroadcastChannel) in the others. Reads wait for the changes reported so far to be applied.
 */
import Dexie, { cmp, type IntervalTree, type ObservabilitySet } from 'dexie'
import { filterFacets, type FilterFacets } from '../../domain/feed-filters'
import type { FeedSort } from '../../domain/feed-query'
import type { KreisDatabase } from '../database'
import type { ListingRow } from '../rows'

/** Rows per getAll while loading: small enough that no single read blocks the main thread for long. */
const LOAD_CHUNK_ROWS = 1000

export type Facets = Pick<ListingRow, 'id' | 'status' | 'created_at'> & FilterFacets
export type FacetOrder = FeedSort

export const facetsOf = (row: ListingRow): Facets => ({ id: row.id, status: row.status, created_at: row.created_at, ...filterFacets(row) })

/** Orders with their tie-breaks (the id), so equal dates and prices page deterministically. */
export const FACET_ORDER: Record<FacetOrder, (a: Facets, b: Facets) => number> = {
  newest: (a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1),
  price_asc: (a, b) => (a.price === b.price ? (a.id < b.id ? -1 : 1) : a.price - b.price),
  price_desc: (a, b) => (a.price === b.price ? (a.id < b.id ? 1 : -1) : b.price - a.price),
}

/** Every key an interval tree holds, or null when it holds a range (a cleared table, a range delete). */
function keysOf(tree: IntervalTree): string[] | null {
  const keys: string[] = []
  const walk = (node: IntervalTree | null | undefined): boolean => {
    if (!node || !('from' in node)) return true
    if (cmp(node.from, node.to) !== 0 || typeof node.from !== 'string') return false
    keys.push(node.from)
    return walk(node.l) && walk(node.r)
  }
  return walk(tree) ? keys : null
}

export class FeedProjection {
  private facets = new Map<string, Facets>()
  private sorted = new Map<FacetOrder, Facets[]>()
  private loaded: Promise<void> | null = null
  private isLoaded = false
  /** Full reads of the table so far (1 after loading; more only when a change was reported as a key range). */
  fullReads = 0
  /** Changes reported but not yet applied (a chain: each waits for the one before). */
  private applying: Promise<void> = Promise.resolve()
  private readonly part: string

  constructor(private readonly db: KreisDatabase) {
    this.part = `idb://${db.name}/listings/`
    Dexie.on('storagemutated', this.onMutated)
    db.on('close', () => Dexie.on('storagemutated').unsubscribe(this.onMutated))
  }

  /** True once loaded: reads cost no IndexedDB scan. */
  get ready(): boolean {
    return this.isLoaded
  }

  /** The facets in `order`, every listing row the database holds now. */
  async inOrder(order: FacetOrder): Promise<readonly Facets[]> {
    this.loaded ??= this.load()
    await this.loaded
    await this.applying
    let list = this.sorted.get(order)
    if (!list) {
      list = [...this.facets.values()].sort(FACET_ORDER[order])
      this.sorted.set(order, list)
    }
    return list
  }

  private async load(): Promise<void> {
    this.fullReads++
    let last: string | null = null
    for (;;) {
      const range = last === null ? this.db.listings.toCollection() : this.db.listings.where(':id').above(last)
      const rows: ListingRow[] = await range.limit(LOAD_CHUNK_ROWS).toArray()
      for (const r of rows) this.facets.set(r.id, facetsOf(r))
      if (rows.length < LOAD_CHUNK_ROWS) break
      last = rows[rows.length - 1]!.id
    }
    this.isLoaded = true
  }

  private readonly onMutated = (parts: ObservabilitySet): void => {
    const tree = parts[this.part]
    if (!tree || !this.loaded) return
    const keys = keysOf(tree)
    this.applying = this.applying.then(() => (keys ? this.refresh(keys) : this.reload()))
  }

  private async refresh(ids: string[]): Promise<void> {
    await this.loaded
    const rows = await this.db.listings.bulkGet(ids)
    ids.forEach((id, i) => {
      const row = rows[i]
      if (row) this.facets.set(id, facetsOf(row))
      else this.facets.delete(id)
    })
    this.sorted.clear()
  }

  private async reload(): Promise<void> {
    await this.loaded
    this.facets = new Map()
    this.sorted.clear()
    await this.load()
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

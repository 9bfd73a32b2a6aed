// Feed pagination (docs/product.md §2.6): 12 listings a page and the page list with ellipses.
import { PAGE_SIZE, PAGINATION_ALL_PAGES_MAX } from './constants'

/** A page number, or one of the two gaps (named apart so each can be a React key). */
export type PageItem = number | 'gap-start' | 'gap-end'

// With more than 7 pages the list always has 7 entries: a window of 5 pages next to an end, or 3 around the page.
const EDGE_WINDOW = 5
const NEAR_START_LAST_PAGE = 4

export const pageCount = (itemCount: number, pageSize: number = PAGE_SIZE): number =>
  Math.max(1, Math.ceil(itemCount / pageSize))

export const clampPage = (page: number, totalPages: number): number =>
  Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, totalPages))

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** The page list: all pages up to 7; otherwise windows at the start, the end, or around the current page. */
export function pageItems(current: number, totalPages: number): PageItem[] {
  const total = Math.max(1, totalPages)
  const c = clampPage(current, total)
  if (total <= PAGINATION_ALL_PAGES_MAX) return range(1, total)
  if (c <= NEAR_START_LAST_PAGE) return [...range(1, EDGE_WINDOW), 'gap-end', total]
  if (c > total - NEAR_START_LAST_PAGE) return [1, 'gap-start', ...range(total - EDGE_WINDOW + 1, total)]
  return [1, 'gap-start', c - 1, c, c + 1, 'gap-end', total]
}

export interface Pagination {
  readonly page: number
  readonly totalPages: number
  readonly items: readonly PageItem[]
  readonly previousDisabled: boolean
  readonly nextDisabled: boolean
}

export function paginate(requestedPage: number, itemCount: number, pageSize: number = PAGE_SIZE): Pagination {
  const totalPages = pageCount(itemCount, pageSize)
  const page = clampPage(requestedPage, totalPages)
  return {
    page,
    totalPages,
    items: pageItems(page, totalPages),
    previousDisabled: page <= 1,
    nextDisabled: page >= totalPages,
  }
}

/** The rows of one page (1-based) out of an already ordered list. */
export const pageSlice = <T>(rows: readonly T[], page: number, pageSize: number = PAGE_SIZE): T[] =>
  rows.slice((page - 1) * pageSize, page * pageSize)

/** Offset for a Dexie query (offset/limit) of the same page. */
export const pageOffset = (page: number, pageSize: number = PAGE_SIZE): number => (Math.max(1, page) - 1) * pageSize

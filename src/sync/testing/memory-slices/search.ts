/** The memory model's search slice (the same operations as src/remote/transport/search.ts). */
import type { SearchSlice } from '../../protocol'
import { memoryCount, memorySearch } from '../memory-search'
import type { MemoryContext } from './context'

export const memorySearchSlice = ({ server, read }: MemoryContext): SearchSlice => ({
  searchListings: (page) => read(() => memorySearch(server, page)),
  countListings: (filter) => read(() => memoryCount(server, filter)),
})

/** The memory model's pulls slice (the same operations as src/remote/transport/pulls.ts). */
import type { PullsSlice } from '../../protocol'
import type { MemoryContext } from './context'

export const memoryPulls = ({ server, userId, read }: MemoryContext): PullsSlice => ({
  pullHorizon: () => read(() => server.horizon()),
  pullListingsSince: (from, limit) => read(() => server.pullListingsSince(userId, from, limit)),
  pullProfilesSince(from, limit, ask) {
    const copy = structuredClone(ask)
    return read(() => server.pullProfilesSince(userId, from, limit, copy))
  },
  fetchProfiles(ids) {
    const copy = [...ids]
    return read(() => server.profilesById(copy))
  },
  pullConversationsSince: (from, limit) => read(() => server.pullConversationsSince(userId, from, limit)),
  pullMessagesSince: (from, limit) => read(() => server.pullMessagesSince(userId, from, limit)),
  pullWindowSince(from, limit, ask) {
    const copy = structuredClone(ask)
    return read(() => server.pullWindowSince(userId, from, limit, copy))
  },
  windowListingIds(ask) {
    const copy = structuredClone(ask)
    return read(() => server.windowIds(userId, copy))
  },
  visibleListingIds: () => read(() => server.visibleListingIds(userId)),
  visibleConversationIds: () =>
    read(() => [...server.conversations.values()].filter((c) => server.canSeeConversation(userId, c)).map((c) => c.id)),
})

/** The memory model's adapter of the old pulls by time (the same operations as src/remote/transport/time-pulls.ts). */
import type { TimePullsSlice } from '../../protocol'
import type { MemoryContext } from './context'

export const memoryTimePulls = ({ server, userId, read }: MemoryContext): TimePullsSlice => ({
  pullListings: (after, limit) => read(() => server.pullListings(userId, after, limit)),
  pullProfiles: (after, limit) => read(() => server.pullProfiles(after, limit)),
  pullConversations: (after, limit) => read(() => server.pullConversations(userId, after, limit)),
  pullMessages: (after, limit) => read(() => server.pullMessages(userId, after, limit)),
})

import { useMemo } from 'react'
import { useLiveQuery } from 'dexie-react-hooks'
import { threadData, useDatabase, type ThreadData } from '@/data'
import { inThreadOrder } from '@/domain/inbox-view'

/**
 * One conversation and its messages in order, live from the mirror: undefined while reading, null when the
 * device does not hold the conversation.
 */
export function useThread(conversationId: string, userId: string): ThreadData | null | undefined {
  const db = useDatabase()
  const live = useLiveQuery(
    async () => (await threadData(db, conversationId, userId)) ?? null,
    [db, conversationId, userId],
  )
  // A result for the previously open conversation counts as not read yet.
  const data = live && live.conversation.id !== conversationId ? undefined : live
  return useMemo(() => data && { ...data, messages: inThreadOrder(data.messages) }, [data])
}

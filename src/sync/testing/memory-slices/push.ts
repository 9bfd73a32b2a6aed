/** The memory model's push slice (the same operation as src/remote/transport/push.ts). */
import type { PushSlice } from '../../protocol'
import * as screenOps from '../memory-screen-ops'
import type { MemoryContext } from './context'

export const memoryPush = ({ server, userId, write }: MemoryContext): PushSlice => ({
  setPushSubscription(subscription, subscribed) {
    const copy = { ...subscription }
    return write('setPushSubscription', [`push:${copy.endpoint}`], () =>
      screenOps.setPushSubscription(server, userId, copy, subscribed),
    )
  },
})

// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startStack, type StackHandle } from './testing/stack-devices'
import { runOfflineRoundtrip } from './testing/offline-roundtrip'

let stack: StackHandle

beforeAll(async () => {
  stack = await startStack()
})

afterAll(async () => {
  await stack?.stop()
})

it('200 messages and a listing with 3 photos written offline reach the server exactly once, images in order', async () => {
  const report = await runOfflineRoundtrip(stack, { messages: 200, photos: 3 })
  expect(report.queuedOffline).toEqual({ messages: 200, photos: 3, outboxEntries: 1 + 200 + 3 + 1 + 1 })
  // Both faults really happened: the server committed and the device never heard back.
  expect(report.lostAnswers.map((l) => l.split(':')[0]).sort()).toEqual(['message insert', 'photo upload'])
  expect(report.server).toEqual({
    messages: 200,
    distinctMessages: 200,
    messagesInOrder: true,
    conversations: 1,
    listings: 1,
    imageOrders: [1, 2, 3],
    imageBytesMatch: [true, true, true],
  })
  expect(report.device).toEqual({ outboxLeft: 0, notSynced: 0, failures: [] })
}, 60_000)

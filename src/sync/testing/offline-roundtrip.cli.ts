/**
 * `npm run demo:offline`: the offline round trip (offline-roundtrip.ts) on a fresh in-memory local stack, printed.
 * Fails (exit 1) when anything did not arrive exactly once and in order.
 */
import 'fake-indexeddb/auto'
import { startStack } from './stack-devices'
import { runOfflineRoundtrip } from './offline-roundtrip'

const stack = await startStack()
try {
  const r = await runOfflineRoundtrip(stack, { messages: 200, photos: 3 })
  const s = r.server
  const lines = [
    `queued offline     ${r.queuedOffline.messages} messages, a listing with ${r.queuedOffline.photos} photos (${r.queuedOffline.outboxEntries} outbox entries)`,
    `app reopened       a new sync engine on the same IndexedDB`,
    `answers lost       ${r.lostAnswers.join('; ')}`,
    `drained in         ${r.cycles} sync cycle(s), ${r.requests} HTTP requests`,
    `server messages    ${s.messages} rows, ${s.distinctMessages} distinct, in the order written: ${s.messagesInOrder ? 'yes' : 'NO'}`,
    `server rows        ${s.conversations} conversation, ${s.listings} listing, images ordered ${s.imageOrders.join(', ')}`,
    `photo bytes        ${s.imageBytesMatch.map((ok, i) => `#${i + 1} ${ok ? 'identical' : 'DIFFERENT'}`).join(', ')}`,
    `device             ${r.device.outboxLeft} outbox entries left, ${r.device.notSynced} rows not synced`,
    ...r.device.failures.map((f) => `failed             ${f}`),
    `took               ${r.ms} ms`,
  ]
  console.log(lines.join('\n'))
  const exact =
    s.messages === r.queuedOffline.messages &&
    s.distinctMessages === s.messages &&
    s.messagesInOrder &&
    s.conversations === 1 &&
    s.listings === 1 &&
    s.imageOrders.join() === Array.from({ length: r.queuedOffline.photos }, (_, i) => i + 1).join() &&
    s.imageBytesMatch.every(Boolean) &&
    r.lostAnswers.length === 2 &&
    r.device.outboxLeft === 0 &&
    r.device.notSynced === 0
  if (!exact) throw new Error('the offline round trip did not land everything exactly once and in order (see above)')
  console.log('\nOK: everything on the server exactly once, images in order.')
} finally {
  await stack.stop()
}

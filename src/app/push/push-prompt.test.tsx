// @vitest-environment happy-dom
/**
 * The notifications offer: never on page load, only after a message or a listing save made on this device; an
 * explanation first and the browser's permission only from its button; once answered or dismissed it stays away;
 * on iPhone/iPad in a browser tab it says that installing comes first. The browser's Push API is a fake at the
 * window's globals; the server's key comes from the remote module (mocked at that seam).
 */
import 'fake-indexeddb/auto'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import type { OutboxEntry, OutboxOp } from '@/db/rows'
import { sessionStore } from '@/sync/signed-in-user'
import PushPrompt, { PUSH_PROMPT_DONE_KEY } from './push-prompt'

vi.mock('@/remote/push', () => ({
  vapidPublicKey: async () => `B${'A'.repeat(86)}`,
  deletePushSubscriptionNow: async () => true,
}))

const ME = '00000000-0000-4000-8000-000000000001'
const ENDPOINT = 'https://push.example.com/this-browser'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

let db: KreisDatabase
let requestPermission: ReturnType<typeof vi.fn>

function fakeBrowser(userAgent: string, withPush = true) {
  Object.defineProperty(navigator, 'userAgent', { value: userAgent, configurable: true })
  let subscription: PushSubscription | null = null
  const pushManager = {
    getSubscription: async () => subscription,
    subscribe: async () =>
      (subscription = {
        endpoint: ENDPOINT,
        toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BKEY', auth: 'AUTH' } }),
        unsubscribe: async () => true,
      } as unknown as PushSubscription),
  }
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { getRegistration: async () => ({ pushManager }) },
    configurable: true,
  })
  const w = window as unknown as Record<string, unknown>
  if (withPush) {
    w.PushManager = function PushManager() {}
    requestPermission = vi.fn(async () => ((w.Notification as { permission: string }).permission = 'granted'))
    w.Notification = { permission: 'default', requestPermission }
  } else {
    delete w.PushManager
    delete w.Notification
  }
}

const entry = (op: OutboxOp, group: OutboxEntry['group'], queuedAt = Date.now()): OutboxEntry => ({
  group,
  op,
  queued_at: queuedAt,
  state: 'queued',
  attempts: 0,
  not_before: 0,
})
const message = (queuedAt?: number): OutboxEntry =>
  entry(
    {
      kind: 'message.send',
      message: {
        id: crypto.randomUUID(),
        conversation_id: 'c1',
        listing_id: 'l1',
        sender_id: ME,
        receiver_id: 'u2',
        content: 'Hi',
      },
    },
    'conversation:c1',
    queuedAt,
  )

beforeEach(async () => {
  localStorage.clear()
  db = new KreisDatabase(`push-prompt-${Math.random()}`)
  sessionStore.setState({ status: 'signed-in', userId: ME, email: 'anna@example.ch' }, true)
  fakeBrowser(CHROME)
})

afterEach(async () => {
  cleanup()
  db.close()
  await db.delete()
})

const mount = () =>
  render(
    <DatabaseProvider db={db}>
      <PushPrompt />
    </DatabaseProvider>,
  )

/** Before asserting that nothing shows: lets Dexie's live query and the component's promises run. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)))

describe('the notifications offer', () => {
  it('is not made on page load, even for someone whose earlier writes are still queued', async () => {
    await db.outbox.add(message(Date.now() - 60_000))
    mount()
    await settle()
    expect(screen.queryByText('Know when someone answers')).toBeNull()
  })

  it('explains first after a message; the permission is asked only from its button; the subscription is queued', async () => {
    mount()
    await act(async () => void (await db.outbox.add(message())))
    expect(await screen.findByText('Know when someone answers')).toBeTruthy()
    expect(requestPermission).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Turn on notifications' }))
    await vi.waitFor(async () => expect(await db.outbox.where('group').equals(`push:${ENDPOINT}`).count()).toBe(1))
    expect(requestPermission).toHaveBeenCalledTimes(1)
    const [queued] = await db.outbox.where('group').equals(`push:${ENDPOINT}`).toArray()
    expect(queued!.op).toEqual({
      kind: 'push.subscription',
      subscription: { user_id: ME, endpoint: ENDPOINT, p256dh: 'BKEY', auth: 'AUTH' },
      subscribed: true,
    })
    await vi.waitFor(() => expect(screen.queryByText('Know when someone answers')).toBeNull())
    expect(localStorage.getItem(PUSH_PROMPT_DONE_KEY)).not.toBeNull()
  })

  it('comes after a listing save too, and "Not now" keeps it away', async () => {
    mount()
    await act(
      async () =>
        void (await db.outbox.add(entry({ kind: 'listing.delete', listing_id: 'l9', paths: [] }, 'listing:l9'))),
    )
    await settle()
    expect(screen.queryByText('Know when someone answers')).toBeNull()
    await act(
      async () =>
        void (await db.outbox.add(entry({ kind: 'listing.upsert', listing: { id: 'l1' } as never }, 'listing:l1'))),
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }))
    expect(screen.queryByText('Know when someone answers')).toBeNull()
    cleanup()
    mount()
    await act(async () => void (await db.outbox.add(message())))
    await settle()
    expect(screen.queryByText('Know when someone answers')).toBeNull()
    expect(requestPermission).not.toHaveBeenCalled()
  })

  it('on an iPhone in a browser tab, says that installing comes first and asks nothing', async () => {
    fakeBrowser(IPHONE, false)
    mount()
    await act(async () => void (await db.outbox.add(message())))
    expect(await screen.findByText('Notifications need the app on your Home Screen')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Turn on notifications' })).toBeNull()
  })

  it('is not made to a visitor', async () => {
    sessionStore.setState({ status: 'signed-out' }, true)
    mount()
    await act(async () => void (await db.outbox.add(message())))
    await settle()
    expect(screen.queryByText('Know when someone answers')).toBeNull()
  })
})

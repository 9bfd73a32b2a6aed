// @vitest-environment node
/**
 * The service worker's half of Background Sync (public/sw-background-sync.js), run as a function whose `self`
 * stands in for the worker's global scope: windows are fakes that answer the message the way the engine does.
 * e2e/background-sync.spec.ts runs the same file inside Chromium's real service worker.
 */
import { describe, expect, it } from 'vitest'
import { BACKGROUND_SYNC_MESSAGE, BACKGROUND_SYNC_TAG } from './constants'
import SCRIPT from '../../public/sw-background-sync.js?raw'

type Answer = { drained: boolean; reason?: string } | 'silent'

function worker(answers: Answer[]) {
  const listeners: Record<string, ((e: unknown) => void)[]> = {}
  const received: unknown[] = []
  const windows = answers.map((answer) => ({
    postMessage(data: unknown, ports: MessagePort[]) {
      received.push(data)
      if (answer !== 'silent') ports[0]!.postMessage(answer)
    },
  }))
  const self = {
    addEventListener: (type: string, fn: (e: unknown) => void) => (listeners[type] ??= []).push(fn),
    clients: {
      matchAll: async (opts: unknown) => (expect(opts).toEqual({ type: 'window', includeUncontrolled: true }), windows),
    },
  }
  const timers: (() => void)[] = []
  const setTimeout = (fn: () => void) => (timers.push(fn), timers.length)
  // Parameters shadow the worker globals the script uses; MessageChannel and Promise are Node's own.
  new Function('self', 'setTimeout', 'clearTimeout', SCRIPT)(self, setTimeout, () => {})
  /** Fires a sync event; resolves with how its waitUntil promise settled (or 'no waitUntil'). */
  async function fire(tag: string): Promise<'fulfilled' | 'rejected' | 'no waitUntil'> {
    let work: Promise<unknown> | null = null
    for (const fn of listeners.sync ?? []) fn({ tag, waitUntil: (p: Promise<unknown>) => (work = p) })
    if (!work) return 'no waitUntil'
    return (work as Promise<unknown>).then(
      () => 'fulfilled' as const,
      () => 'rejected' as const,
    )
  }
  return { fire, received, expireTimers: () => timers.splice(0).forEach((t) => t()) }
}

describe('service worker Background Sync', () => {
  it('uses the tag and message the engine registers and listens for', () => {
    expect(SCRIPT).toContain(`'${BACKGROUND_SYNC_TAG}'`)
    expect(SCRIPT).toContain(`'${BACKGROUND_SYNC_MESSAGE}'`)
  })

  it.each<[string, Answer[], 'fulfilled' | 'rejected']>([
    [
      'the leader drained the outbox',
      [{ drained: false, reason: 'not the leader tab' }, { drained: true }],
      'fulfilled',
    ],
    ['still offline: the browser should retry later', [{ drained: false, reason: 'offline' }], 'rejected'],
    [
      'only non-leader tabs answered',
      [
        { drained: false, reason: 'not the leader tab' },
        { drained: false, reason: 'not the leader tab' },
      ],
      'rejected',
    ],
    ['no window is open (the app drains on its next start)', [], 'fulfilled'],
  ])('%s → the sync event is %s', async (_, answers, settles) => {
    const w = worker(answers)
    expect(await w.fire(BACKGROUND_SYNC_TAG)).toBe(settles)
    expect(w.received).toEqual(answers.map(() => ({ type: BACKGROUND_SYNC_MESSAGE })))
  })

  it('a window that never answers fails the event once the wait runs out', async () => {
    const w = worker(['silent'])
    const settled = w.fire(BACKGROUND_SYNC_TAG)
    await new Promise((r) => setTimeout(r, 0))
    w.expireTimers()
    expect(await settled).toBe('rejected')
  })

  it('ignores other tags', async () => {
    const w = worker([{ drained: true }])
    expect(await w.fire('someone-else')).toBe('no waitUntil')
    expect(w.received).toEqual([])
  })
})

import { describe, expect, it } from 'vitest'
import { FairShare, FairShareBusy, runAsClient, type FairShareClock } from './fair-share.ts'

/** A clock the test moves by hand, and units of work the test finishes by hand: no real time is involved. */
function harness(limits = { longMs: 10, cooldownFactor: 4, windowMs: 1000, maxQueued: 3 }) {
  let now = 0
  let timers: { at: number; fn: () => void }[] = []
  const clock: FairShareClock = {
    now: () => now,
    later(fn, ms) {
      const t = { at: now + ms, fn }
      timers.push(t)
      return () => (timers = timers.filter((x) => x !== t))
    },
  }
  const fair = new FairShare(limits, clock)
  const started: string[] = []
  const running = new Map<string, () => void>()
  /** Queues a unit of work named `name` for `client`; it runs until `finish(name)`. */
  const submit = (client: string | undefined, name: string) =>
    fair.run(
      () =>
        new Promise<string>((resolve) => {
          started.push(name)
          running.set(name, () => resolve(name))
        }),
      client,
    )
  const flush = () => new Promise((r) => setImmediate(r))
  return {
    fair,
    started,
    submit,
    flush,
    /** Moves the clock on by `ms` (the running work took that long), firing due timers. */
    async advance(ms: number) {
      now += ms
      for (const t of timers.filter((x) => x.at <= now)) {
        timers = timers.filter((x) => x !== t)
        t.fn()
      }
      await flush()
    },
    async finish(name: string) {
      running.get(name)!()
      running.delete(name)
      await flush()
    },
  }
}

describe('FairShare', () => {
  it('runs one unit of work at a time', async () => {
    const h = harness()
    void h.submit('a', 'a1')
    void h.submit('b', 'b1')
    await h.flush()
    expect(h.started).toEqual(['a1'])
    await h.finish('a1')
    expect(h.started).toEqual(['a1', 'b1'])
  })

  it("serves a light client before the rest of a heavy client's queue", async () => {
    const h = harness({ longMs: 10, cooldownFactor: 0, windowMs: 1000, maxQueued: 10 })
    void h.submit('heavy', 'h1')
    void h.submit('heavy', 'h2')
    void h.submit('heavy', 'h3')
    await h.flush()
    void h.submit('light', 'l1')
    await h.advance(5)
    await h.finish('h1')
    // heavy has used 5 ms in the window, light none: light goes next although it came after h2 and h3.
    expect(h.started).toEqual(['h1', 'l1'])
    await h.advance(1)
    await h.finish('l1')
    expect(h.started).toEqual(['h1', 'l1', 'h2'])
  })

  it('makes a client whose statement held the engine long wait before its next one while others use it', async () => {
    const h = harness()
    void h.submit('heavy', 'h1')
    void h.submit('heavy', 'h2')
    void h.submit('light', 'l1')
    await h.flush()
    await h.advance(60)
    await h.finish('h1') // ran 60 ms: 50 ms over longMs, so heavy owes 4 × 50 = 200 ms
    expect(h.started).toEqual(['h1', 'l1'])
    await h.advance(2)
    await h.finish('l1')
    // The engine stays free for others although heavy has work waiting.
    void h.submit('light', 'l2')
    await h.flush()
    expect(h.started).toEqual(['h1', 'l1', 'l2'])
    await h.advance(1)
    await h.finish('l2')
    await h.advance(150) // 213 ms after h1 ended: not yet
    expect(h.started).not.toContain('h2')
    await h.advance(50) // 263 ms: the cooldown is over
    expect(h.started).toContain('h2')
  })

  it('never slows a client that is alone, however long its statements', async () => {
    const h = harness()
    void h.submit('heavy', 'h1')
    void h.submit('heavy', 'h2')
    await h.flush()
    await h.advance(60)
    await h.finish('h1')
    expect(h.started).toEqual(['h1', 'h2'])
  })

  it('charges nothing for statements shorter than longMs', async () => {
    const h = harness()
    void h.submit('a', 'a1')
    void h.submit('a', 'a2')
    void h.submit('b', 'b1')
    await h.flush()
    await h.advance(8)
    await h.finish('a1')
    await h.advance(1)
    await h.finish('b1')
    expect(h.started).toEqual(['a1', 'b1', 'a2'])
  })

  it('refuses work beyond maxQueued waiting units of one client with FairShareBusy and a retry time', async () => {
    const h = harness()
    void h.submit('heavy', 'h1')
    const waiting = [h.submit('heavy', 'h2'), h.submit('heavy', 'h3'), h.submit('heavy', 'h4')]
    // Alone, heavy may queue more: it makes nobody wait.
    const alone = h.submit('heavy', 'h5')
    expect(h.fair.waiting('heavy')).toBe(4)
    // Another client is not affected by heavy's queue, and heavy's next request is refused.
    void h.submit('light', 'l1')
    const refused = h.submit('heavy', 'h6')
    await expect(refused).rejects.toBeInstanceOf(FairShareBusy)
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 1 })
    await h.advance(5)
    await h.finish('h1')
    expect(h.started).toEqual(['h1', 'l1'])
    expect(h.fair.waiting('heavy')).toBe(waiting.length + 1)
    void alone
  })

  it('takes work without a client (platform internals) first', async () => {
    const h = harness()
    void h.submit('a', 'a1')
    void h.submit('a', 'a2')
    void h.submit(undefined, 'internal')
    await h.finish('a1')
    expect(h.started).toEqual(['a1', 'internal'])
  })

  it('passes results and errors through and keeps going after an error', async () => {
    const fair = new FairShare()
    await expect(fair.run(() => Promise.reject(new Error('boom')), 'a')).rejects.toThrow('boom')
    await expect(
      fair.run(() => {
        throw new Error('sync boom')
      }, 'a'),
    ).rejects.toThrow('sync boom')
    await expect(fair.run(async () => 42, 'a')).resolves.toBe(42)
  })

  it('takes the client from runAsClient when none is given', async () => {
    const h = harness({ longMs: 10, cooldownFactor: 4, windowMs: 1000, maxQueued: 1 })
    void h.submit('x', 'x1')
    void h.submit('x', 'x2')
    await h.flush()
    const fair = h.fair
    const first = runAsClient('10.0.0.9', () => fair.run(async () => 'ok'))
    const second = runAsClient('10.0.0.9', () => fair.run(async () => 'ok'))
    // One unit of 10.0.0.9 may wait (maxQueued 1): the second is refused, so both ran as that client.
    await expect(second).rejects.toBeInstanceOf(FairShareBusy)
    await h.finish('x1')
    await h.finish('x2')
    await expect(first).resolves.toBe('ok')
  })
})

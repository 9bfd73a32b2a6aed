/**
 * An in-memory Web Locks LockManager (exclusive mode, `signal` support) shared by "tabs" in one test, to check
 * leader election without a browser.
 */
type Waiter = { callback: (lock: Lock | null) => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }

export class MemoryLockManager {
  private held = new Set<string>()
  private queues = new Map<string, Waiter[]>()

  request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { callback, resolve, reject }
      options.signal?.addEventListener('abort', () => {
        const q = this.queues.get(name) ?? []
        const i = q.indexOf(waiter)
        if (i >= 0) {
          q.splice(i, 1)
          reject(new DOMException('aborted', 'AbortError'))
        }
      })
      const q = this.queues.get(name) ?? []
      q.push(waiter)
      this.queues.set(name, q)
      this.grant(name)
    })
  }

  private grant(name: string): void {
    if (this.held.has(name)) return
    const waiter = this.queues.get(name)?.shift()
    if (!waiter) return
    this.held.add(name)
    Promise.resolve(waiter.callback({ name, mode: 'exclusive' } as Lock))
      .then(waiter.resolve, waiter.reject)
      .finally(() => {
        this.held.delete(name)
        this.grant(name)
      })
  }

  query(): Promise<LockManagerSnapshot> {
    return Promise.resolve({ held: [], pending: [] })
  }
}

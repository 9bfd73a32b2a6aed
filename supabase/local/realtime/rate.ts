/**
 * Token buckets for the realtime limits (limits.ts): `perSecond` tokens a second, at most `burst` kept; each
 * allowed event takes one. Time is passed in, so tests need no timers.
 */
export class TokenBucket {
  private tokens: number
  private last: number

  constructor(
    private readonly perSecond: number,
    private readonly burst = perSecond,
    now = Date.now(),
  ) {
    this.tokens = burst
    this.last = now
  }

  private refill(now: number): void {
    if (now > this.last) this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.perSecond)
    this.last = Math.max(this.last, now)
  }

  /** Takes a token if there is one. */
  take(now = Date.now()): boolean {
    this.refill(now)
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  /** Refilled completely: it remembers nothing and can be dropped. */
  isFull(now = Date.now()): boolean {
    this.refill(now)
    return this.tokens >= this.burst
  }
}

/** One bucket per key (a client address), created on first use; full buckets are forgotten by `sweep`. */
export class BucketMap {
  private readonly buckets = new Map<string, TokenBucket>()

  constructor(private readonly perSecond: number) {}

  take(key: string, now = Date.now()): boolean {
    let bucket = this.buckets.get(key)
    if (!bucket) this.buckets.set(key, (bucket = new TokenBucket(this.perSecond, this.perSecond, now)))
    return bucket.take(now)
  }

  sweep(now = Date.now()): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key)
  }

  get size(): number {
    return this.buckets.size
  }
}

/**
 * Faults at the HTTP boundary, for the fault suite against the real local stack: a `fetch` given to supabase-js
 * that decides, per write request, what the network does with it — nothing, or one of: offline, an expired token,
 * the request lost, a 5xx, a 429 with Retry-After, a delay (held and sent after later requests), a duplicate (sent
 * now and once more later), the answer lost after the server committed, or the tab dying right after the commit.
 * Reads (pulls, lookups) and token refreshes pass untouched, as they do in the memory model's write faults.
 */
import type { WriteOperation } from '../../testing/memory-transport'
import type { Rng } from '../../testing/prng'

export const HTTP_FAULTS = [
  'offline',
  'expiredToken',
  'dropRequest',
  'serverError',
  'rateLimited',
  'delay',
  'duplicate',
  'dropResponse',
  'crashAfterCommit',
] as const
export type HttpFault = (typeof HTTP_FAULTS)[number]

/** The sync operation a write request belongs to, from its method and URL; null for reads and auth. */
export function operationOf(method: string, url: string): WriteOperation | null {
  const path = new URL(url).pathname
  if (method === 'GET' || method === 'HEAD' || path.startsWith('/auth/')) return null
  if (path.startsWith('/storage/v1/object/'))
    return method === 'DELETE' ? null : path.includes('/avatars/') ? 'setProfilePicture' : 'uploadPhoto'
  if (path.endsWith('/rpc/save_listings')) return 'saveListings'
  if (path.endsWith('/rpc/mark_conversation_read')) return 'markConversationRead'
  if (path.endsWith('/conversations')) return 'createConversations'
  if (path.endsWith('/messages')) return 'insertMessages'
  if (path.endsWith('/rpc/set_favourite') || path.endsWith('/favorites')) return 'setFavorite'
  if (path.endsWith('/listings') && method === 'DELETE') return 'deleteListing'
  if (path.endsWith('/profiles') && method === 'PATCH') return 'updateProfile'
  return null
}

/**
 * Write requests per operation × fault ('none' for those that met no fault). It also deals the faults: a request
 * that meets one gets the next in turn (shared by every device of a run), so a few dozen faulted requests meet
 * every kind of fault, where an even draw left one out in a run of eight scenarios.
 */
export class HttpTally {
  readonly counts = new Map<string, number>()
  private dealt = 0
  nextFault(): Exclude<HttpFault, 'offline'> {
    const deck = HTTP_FAULTS.filter((f) => f !== 'offline')
    return deck[this.dealt++ % deck.length]!
  }
  add(op: WriteOperation, fault: HttpFault | 'none'): void {
    const key = `${op} × ${fault}`
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)
  }
  get writes(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0)
  }
  get faulted(): number {
    return [...this.counts].filter(([k]) => !k.endsWith('× none')).reduce((a, [, n]) => a + n, 0)
  }
  /** Faults met per fault kind, over all operations. */
  byFault(): Record<string, number> {
    const out: Record<string, number> = {}
    for (const [k, n] of this.counts) {
      const fault = k.split(' × ')[1]!
      if (fault !== 'none') out[fault] = (out[fault] ?? 0) + n
    }
    return out
  }
  table(): string {
    return [...this.counts]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, n]) => `${k}: ${n}`)
      .join('\n')
  }
}

const lost = (what: string) => new TypeError(`fetch failed: ${what}`)

/**
 * One device's network. `rate` is the chance that a write request meets a fault (the fault drawn evenly); a dead
 * network (the tab died) never answers again.
 */
export class FaultyNetwork {
  online = true
  rate = 0
  dead = false
  /** Called when the tab dies right after a commit (the test restarts the app on the same database). */
  onCrash: () => void = () => {}
  /** Requests sent later: delayed ones, and the second copy of duplicated ones. */
  private held: (() => Promise<void>)[] = []

  constructor(
    private readonly rng: Rng,
    private readonly tally: HttpTally,
    /** A signed token the server refuses as expired (the engine refreshes the session and retries). */
    private readonly expiredToken: string,
  ) {}

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    if (this.dead) throw lost('the tab is gone')
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = (init?.method ?? 'GET').toUpperCase()
    const op = operationOf(method, url)
    // Offline, requests fail at once; a token refresh is let through (supabase-js retries a failing refresh for
    // some 25 s inside one call, which the engine, watching `navigator.onLine`, never starts while offline).
    if (!this.online && !new URL(url).pathname.startsWith('/auth/')) {
      if (op) this.tally.add(op, 'offline')
      throw lost('offline')
    }
    if (!op) return fetch(input, init)
    const fault = this.rng.chance(this.rate) ? this.tally.nextFault() : null
    this.tally.add(op, fault ?? 'none')
    switch (fault) {
      case null:
        return fetch(input, init)
      case 'expiredToken': {
        const headers = new Headers(init?.headers)
        headers.set('Authorization', `Bearer ${this.expiredToken}`)
        return fetch(input, { ...init, headers })
      }
      case 'dropRequest':
        throw lost('request lost')
      case 'serverError':
        return new Response(JSON.stringify({ message: 'upstream unavailable' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        })
      case 'rateLimited':
        return new Response(JSON.stringify({ message: 'too many requests' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        })
      case 'delay':
        this.held.push(() => sendIgnoringAnswer(input, init))
        throw lost('delayed')
      case 'duplicate': {
        this.held.push(() => sendIgnoringAnswer(input, init))
        return fetch(input, init)
      }
      case 'dropResponse':
        await (await fetch(input, init)).arrayBuffer()
        throw lost('answer lost')
      case 'crashAfterCommit':
        await (await fetch(input, init)).arrayBuffer()
        this.dead = true
        this.onCrash()
        throw lost('the tab died')
    }
  }

  /** Sends the held requests now (they reach the server after the ones sent meanwhile). */
  async deliverHeld(): Promise<void> {
    const held = this.held
    this.held = []
    for (const send of held) await send()
  }

  get heldCount(): number {
    return this.held.length
  }
}

async function sendIgnoringAnswer(input: RequestInfo | URL, init?: RequestInit): Promise<void> {
  try {
    await (await fetch(input, init)).arrayBuffer()
  } catch {
    // A late copy's answer goes nowhere.
  }
}

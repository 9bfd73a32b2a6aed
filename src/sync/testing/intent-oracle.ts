/**
 * The fault suite's oracle of intent for the writes whose outcome is a state the person chose: a listing's
 * favourite mark and a conversation's read mark. What is expected comes from what the person did and saw on the
 * screen when they did it (the heart they tapped, the newest message they read), never from the engine's outbox,
 * its answers or the mirror after the write, so a slip in how the engine sends a state cannot also move the
 * expectation.
 *
 * Rules:
 * - A favourite ends in the state the person chose last, by the time of the tap on the device's clock (last edit
 *   wins, L1): over several devices of one account, the latest tap wins, wherever it arrived from. A device whose
 *   clock runs ahead of the server has its taps clamped to their arrival, which the person cannot see: a favourite
 *   one of those touched may end in the last state chosen on any of its devices. A favourite nobody chose is not on
 *   the server.
 * - A read mark is the server time of the newest received message the person had on screen when they opened the
 *   thread; it only moves forward, so the server holds the newest of those over all the account's devices.
 */
import Dexie from 'dexie'
import type { KreisDatabase } from '@/db/database'

/** What the oracle reads from the server, whichever server it is (the memory model or the real stack). */
export interface ServerMarks {
  /** Listing ids the user has a favourite row for. */
  favouritesOf(userId: string): readonly string[]
  /** The user's read mark of the conversation; undefined when the conversation is not on the server (deleted). */
  readMarkOf(conversationId: string, userId: string): string | null | undefined
}

interface FavouriteChoice {
  state: boolean
  at: number
  ahead: boolean
}

export class IntentOracle {
  /** `user listing` → device → the state the person chose last on that device, when (device clock), and whether that clock ran ahead. */
  private readonly favourites = new Map<string, Map<string, FavouriteChoice>>()
  /**
   * `conversation user` → the newest received message's time the person read: at least what the device held just
   * before the action, at most what it held just after (a sync running beside the action may bring a newer one
   * while the person opens the thread).
   */
  private readonly reads = new Map<string, { low: string | null; high: string }>()
  /** Writes of these kinds the oracle checks. */
  favouriteChoices = 0
  readActions = 0

  /** The accounts whose favourites are checked (a favourite none of their devices chose must not appear). */
  constructor(private readonly users: readonly string[]) {}

  /**
   * Before the toggle: the person sees the heart as the device shows it and taps it (chooses the opposite) at `at`
   * on the device's clock; `ahead` says the device's clock runs ahead of the server's.
   */
  async favourite(
    db: KreisDatabase,
    device: string,
    userId: string,
    listingId: string,
    at: number,
    ahead = false,
  ): Promise<void> {
    const shown = Boolean(await db.favourites.get(listingId))
    const key = `${userId} ${listingId}`
    const byDevice = this.favourites.get(key) ?? new Map<string, FavouriteChoice>()
    byDevice.set(device, { state: !shown, at, ahead })
    this.favourites.set(key, byDevice)
    this.favouriteChoices++
  }

  /**
   * The person opens the thread and reads what the device shows (its newest received message): `markRead` is the
   * app's write of the mark, the oracle looks at the thread just before and just after it.
   */
  async read(db: KreisDatabase, userId: string, conversationId: string, markRead: () => Promise<void>): Promise<void> {
    this.readActions++
    const low = await newestReceived(db, userId, conversationId)
    await markRead()
    const high = await newestReceived(db, userId, conversationId)
    if (high === undefined) return
    const key = `${conversationId} ${userId}`
    const before = this.reads.get(key)
    const max = (a: string | null | undefined, b: string | null | undefined) => ((a ?? '') > (b ?? '') ? a : b) ?? null
    this.reads.set(key, { low: max(before?.low, low), high: max(before?.high, high)! })
  }

  /** The differences between the server and what the people did (empty when every choice holds). */
  check(server: ServerMarks): string[] {
    const problems: string[] = []
    const chosen = new Map<string, Set<string>>()
    for (const [key, byDevice] of this.favourites) {
      const [userId, listingId] = key.split(' ') as [string, string]
      const has = server.favouritesOf(userId).includes(listingId)
      const choices = [...byDevice.values()]
      const latest = choices.reduce((a, b) => (b.at > a.at ? b : a))
      const allowed = new Set(choices.some((c) => c.ahead) ? choices.map((c) => c.state) : [latest.state])
      if (!allowed.has(has)) {
        const said = [...byDevice]
          .map(([d, c]) => `${c.state ? 'set' : 'cleared'} on ${d} at ${new Date(c.at).toISOString()}`)
          .join(', ')
        problems.push(
          `favourite ${listingId} of ${userId}: the server ${has ? 'has' : 'lacks'} it, the person last chose ${said}`,
        )
      }
      chosen.set(userId, (chosen.get(userId) ?? new Set()).add(listingId))
    }
    for (const userId of this.users) {
      for (const listingId of server.favouritesOf(userId)) {
        if (!chosen.get(userId)?.has(listingId))
          problems.push(`favourite ${listingId} of ${userId} is on the server, nobody chose it`)
      }
    }
    for (const [key, { low, high }] of this.reads) {
      const [conversationId, userId] = key.split(' ') as [string, string]
      const mark = server.readMarkOf(conversationId, userId)
      if (mark === undefined) continue
      const t = mark === null ? null : Date.parse(mark)
      // No mark at all is right only when the thread may have shown nothing received yet when it was opened.
      const wrong = t === null ? low !== null : (low !== null && t < Date.parse(low)) || t > Date.parse(high)
      if (wrong) {
        problems.push(
          `read mark of ${userId} in ${conversationId}: the server has ${mark}, the newest message read was ${low === high ? high : `between ${low} and ${high}`}`,
        )
      }
    }
    return problems
  }
}

async function newestReceived(db: KreisDatabase, userId: string, conversationId: string): Promise<string | undefined> {
  const thread = await db.messages
    .where('[conversation_id+created_at]')
    .between([conversationId, Dexie.minKey], [conversationId, Dexie.maxKey])
    .toArray()
  return thread
    .filter((m) => m.receiver_id === userId && m.sync_state === 'synced')
    .map((m) => m.created_at)
    .sort()
    .at(-1)
}

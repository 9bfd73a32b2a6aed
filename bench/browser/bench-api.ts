/**
 * What the bench page exposes on `window.bench` for bench/dexie.ts to call with page.evaluate. Every timing is
 * taken inside the page with performance.now(), so browser ↔ Node round trips are never counted.
 */

/** One feed-page read: which filter shape, which page, how long, how many cards. */
export interface FeedSample {
  shape: string
  page: number
  ms: number
  cards: number
}

/**
 * How the 10k rows are written, each on a fresh database:
 * - 'listings': bulkPut of the listing rows as the mirror stores them (card fields included) in one rw
 *   transaction, the design's budget (docs/frontend.md#P5); '-strict' with Chromium's strict durability;
 * - 'raw': the same rows put with bare IndexedDB into the same object store (Dexie's floor);
 * - 'raw-unindexed': bare IndexedDB into a store with no index (what the listings' indexes cost);
 * - 'bootstrap': the pull's mirror path (applyListingBundle: reconcile, listing rows with card fields, image
 *   rows, sellers) page by page as a first sync writes them.
 */
export type BulkWriteMode = 'listings' | 'listings-strict' | 'raw' | 'raw-unindexed' | 'bootstrap'

export interface BenchApi {
  /** Builds `count` listings with their first images and sellers, kept for the next bulkWrite calls. */
  makeFixtures(count: number, seed: number): Promise<void>
  /** Writes the fixtures into a fresh database, then deletes it. Returns the write's milliseconds. */
  bulkWrite(mode: BulkWriteMode): Promise<number>
  /**
   * Fills the feed database with `count` listings (kept open for feedRuns). Returns the first reads on a cold
   * connection: the home feed and then a category page (index walks while the projection loads).
   */
  prepareFeed(count: number): Promise<{ homeMs: number; categoryMs: number }>
  /** `runs` feed-page reads over a fixed mix of filters; the first `warmUp` are not returned. */
  feedRuns(runs: number, warmUp: number): Promise<FeedSample[]>
  /** Closes and deletes every database the page created. */
  cleanUp(): Promise<void>

  // This page as one device on the local stack (3 and 4). Engines start only when asked: until then the device
  // writes locally, as it would offline.
  /** Signs a new user up, opens a fresh device database and creates (not starts) its sync engine. Returns the user id. */
  signUp(stack: StackInfo, firstName: string): Promise<string>
  /** Queues the workload through the app's local writes; returns the number of outbox entries. */
  queueOffline(workload: DrainWorkload): Promise<number>
  /** Starts the engine and resolves when the outbox is empty. */
  drain(): Promise<DrainResult>
  /** Starts the engine and waits for its first completed sync. */
  startSync(): Promise<void>
  /** Creates a listing and waits until it is on the server; returns its id. */
  publishListing(): Promise<string>
  /** Records, for every message that reaches this device's Dexie, when a live query first saw it. */
  watchMessages(): Promise<void>
  /** When a live query here first saw the message (epoch ms, sub-ms resolution), or null. */
  arrivedAt(messageId: string): number | null
  /** Sends a message the app's way (local write, then a sync); `at` is when the write began (epoch ms). */
  sendTimed(listingId: string, sellerId: string, content: string): Promise<{ id: string; at: number }>
  /** Resolves when this device's engine has no cycle running or scheduled. */
  syncIdle(): Promise<void>
  /** Stops the engine, closes realtime and deletes the device database. */
  disconnect(): Promise<void>
}

export interface StackInfo {
  url: string
  anonKey: string
}

/** Offline writes to drain: new listings (no photos) and messages in new conversations on others' listings. */
export interface DrainWorkload {
  listings: number
  conversations: number
  messagesPerConversation: number
}

export interface DrainResult {
  /** Outbox entries sent (each acknowledged by the server). */
  entries: number
  /** From starting the engine to an empty outbox, seen by a live query. */
  ms: number
}

declare global {
  interface Window {
    bench: BenchApi
  }
}

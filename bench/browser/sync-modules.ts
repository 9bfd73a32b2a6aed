/**
 * The sync engine, the Supabase transport and the local-write actions of src/, typed as narrowly as the bench
 * uses them (see kreis-src.d.ts for why they are not typed by their own declarations here).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import * as remote from 'kreis-src/remote/supabase-transport'
import * as engine from 'kreis-src/sync/engine'
import * as listingSave from 'kreis-src/sync/kinds/listing-save'
import * as messageSend from 'kreis-src/sync/kinds/message-send'
import type { KreisDatabase } from '../../src/db/database'
import type { ListingWrite } from '../../src/db/rows'

/** The engine only ever receives it; the bench never calls it directly. */
export interface Transport {
  session(): Promise<{ userId: string } | null>
}

export interface SyncEngine {
  readonly status: { getState(): { lastSyncAt: number | null; failures: { group: string; message: string }[] } }
  start(): void
  stop(): Promise<void>
  sync(reason: 'start' | 'write' | 'manual'): Promise<unknown>
  idle(): Promise<void>
}

export type ListingFields = Omit<ListingWrite, 'id' | 'user_id' | 'edited_at' | 'status'>

export interface SendMessageInput {
  listingId: string
  sellerId: string
  buyerId: string
  senderId: string
  content: string
}

export const SupabaseTransport: new (client: SupabaseClient) => Transport = remote.SupabaseTransport
export const SyncEngine: new (opts: { db: KreisDatabase; transport: Transport }) => SyncEngine = engine.SyncEngine
export const saveListing: (
  db: KreisDatabase,
  userId: string,
  input: { fields: ListingFields; images: [] },
  now: number,
) => Promise<string> = listingSave.saveListing
export const sendMessage: (db: KreisDatabase, input: SendMessageInput, now: number) => Promise<string> =
  messageSend.sendMessage

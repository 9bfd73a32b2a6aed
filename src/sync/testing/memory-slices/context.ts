/**
 * What every slice of the memory transport closes over: the MemoryServer, the device's user, and the link's two
 * ways of reaching the server (memory-transport.ts): a write meets every fault, a read only lost requests.
 */
import type { Result } from '../../protocol'
import type { MemoryServer } from '../memory-server'

/** The transport's write operations: every outbox kind's request goes through one of them. */
export const WRITE_OPERATIONS = [
  'uploadPhoto',
  'saveListings',
  'createConversations',
  'insertMessages',
  'updateProfile',
  'setFavorite',
  'deleteListing',
  'setProfilePicture',
  'markConversationRead',
] as const
/**
 * A write operation of the transport; setPushSubscription is one the fault scenarios do not draw (a device's push
 * subscription changes no synced data), so the tally does not ask for it.
 */
export type WriteOperation = (typeof WRITE_OPERATIONS)[number] | 'setPushSubscription'

export interface MemoryContext {
  server: MemoryServer
  userId: string
  /** A write: subject to every fault. `rows` are what it changes (`table:key`): it waits for a late transaction holding one. */
  write<T>(op: WriteOperation, rows: readonly string[], apply: () => Result<T>): Promise<Result<T>>
  /** A read: lost requests and answers look the same. */
  read<T>(get: () => T): Promise<Result<T>>
}

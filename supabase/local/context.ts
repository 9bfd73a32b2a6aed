/** What every API of the local stack is given: settings, the database, keys, object bytes and a logger. */
import type { StackConfig } from './config.ts'
import type { Database } from './db/database.ts'
import type { JwtKeys } from './shared/jwt.ts'
import type { Logger } from './shared/logger.ts'
import type { BlobStore } from './storage/blob-store.ts'
import type { Mailer } from './auth/mailer.ts'
import type { VapidKeys } from './push/vapid-keys.ts'

export interface StackContext {
  config: StackConfig
  db: Database
  jwt: JwtKeys
  blobs: BlobStore
  log: Logger
  /** Auth's outgoing e-mail: printed, and kept in memory for tests (auth/mailer.ts). */
  mailer: Mailer
  /** The VAPID key pair new-message pushes are signed with (push/vapid-keys.ts); the public key is the app's. */
  vapid: VapidKeys
  /** Set when the realtime server is attached: its live state, for diagnostics and tests. */
  realtime?: { channelCount(): number; sweepIdle(now?: number): number }
}

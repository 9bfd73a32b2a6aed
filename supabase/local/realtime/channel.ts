/** A joined channel and its postgres_changes bindings, as the dispatcher, the signals and the connection see them. */
import type { Claims, DbRole } from '../db/database.ts'
import type { ChangeType } from './change-feed.ts'
import type { Condition } from './filters.ts'

export interface Binding {
  /** The id the join reply hands out; change frames carry it in `ids` (compared with === by the client). */
  id: number
  event: ChangeType | '*'
  /** '*' for every schema. */
  schema: string
  /** null for every table of the schema. */
  table: string | null
  conditions: Condition[]
  /** The conditions prepared at join (filters.ts compileFilter). */
  test: (row: Record<string, unknown>) => boolean
}

export interface Channel {
  topic: string
  /** The part after "realtime:", echoed in system messages. */
  name: string
  joinRef: string | null
  /** Joined with `config.private: true` (Broadcast with Authorization, private-topics.ts). */
  private: boolean
  claims: Claims
  role: DbRole
  /** `role` and `sub` of the claims: subscribers of one (role, user) share one RLS check per change. */
  visibilityKey: string
  /** The client address of the socket (per-address limits). */
  address: string
  token: string
  bindings: Binding[]
  /** Pushes `[null, null, topic, event, payload]`, the shape of a postgres_changes frame. */
  send(event: string, payload: Record<string, unknown>): void
}

/** The visibility key of some claims: the project's row-level security depends on the role and auth.uid() only. */
export const visibilityKey = (claims: Claims): string => `${claims.role}\u0000${claims.sub ?? ''}`

/**
 * One outbox operation kind in one place: how its entries form a unit, whether units of different groups share a
 * request, the request itself, how the server's answer settles the mirror, what a refusal stores, and — for writes
 * whose first answer may be lost before a refusal — how to find them on the server. push.ts drives every kind through
 * this interface, in the order of ./index.ts; it holds no rule of its own about any kind.
 */
import type { Table } from 'dexie'
import type { KreisDatabase } from '@/db/database'
import type { OutboxEntry, OutboxKind, OutboxOp } from '@/db/rows'
import type { SyncFailure } from '@/domain/errors'
import type { Failure, Result, Transport } from '../protocol'

/** One unit of sending: a group's head entry with the entries that travel with it (outbox.ts `unitOf`). */
export type Unit = OutboxEntry[]

export interface KindDeps {
  db: KreisDatabase
  transport: Transport
}

export interface OutboxKindModule<Answer = unknown> {
  /** The entry kinds (`op.kind`) this module queues and sends; the registry (./index.ts) routes them here. */
  readonly kinds: readonly OutboxKind[]
  /**
   * Which entries behind a group's head travel with it (consecutive, queued, of this module's kinds):
   * - 'alone': none;
   * - 'last-state': all of them; each carries the full new state, so the unit sends the last (P2);
   * - 'in-order': all of them up to a limit, sent in write order (a conversation's messages).
   */
  readonly unit: 'alone' | 'last-state' | 'in-order'
  /** Units of different groups share one request (up to PUSH_BATCH_SIZE entries; P3). */
  readonly batched: boolean
  /** The request of a batch of units (one unit when not batched). */
  send(deps: KindDeps, batch: readonly Unit[]): Promise<Result<Answer>>
  /** The tables `acknowledge` writes, beside the outbox (the acknowledging transaction locks only these). */
  tables(db: KreisDatabase): Table[]
  /**
   * Applies the server's answer to the mirror; called inside the acknowledging transaction, after the batch's
   * entries left the outbox (P4).
   */
  acknowledge(db: KreisDatabase, batch: readonly Unit[], answer: Answer): Promise<void>
  /** After the acknowledging transaction committed. */
  acknowledged?(answer: Answer): void
  /** What the device stores when the server refused `unit` for good (P9); words are chosen when shown. */
  refusal(db: KreisDatabase, unit: Unit, f: Failure): Promise<SyncFailure>
  /** The single requests a refused batch is retried as, to find the refused row (default: each unit). */
  split?(unit: Unit): Unit[]
  /**
   * The server's row of each entry it already has (undefined for the others): a refused write whose first answer
   * was lost may be there (P9, P11). An answer made of found rows is acknowledged like the request's own.
   */
  findOnServer?(transport: Transport, entries: readonly OutboxEntry[]): Promise<Result<(Row<Answer> | undefined)[]>>
}

/** The row type of an answer that is a list of rows. */
type Row<Answer> = Answer extends readonly (infer R)[] ? R : never

/** Forgets a module's answer type once it is checked against its own request (the registry holds them all). */
export const defineKind = <Answer>(m: OutboxKindModule<Answer>): OutboxKindModule => m as unknown as OutboxKindModule

/** An entry's operation as the kind its module sends (the registry routes only those kinds there): `opOf<'message.send'>(e)`. */
export const opOf = <K extends OutboxKind>(e: OutboxEntry): Extract<OutboxOp, { kind: K }> =>
  e.op as Extract<OutboxOp, { kind: K }>

export const last = <T>(xs: readonly T[]): T => xs[xs.length - 1]!

/** The id of a group's entity (`listing:<id>` → `<id>`). */
export const groupId = (group: OutboxEntry['group']): string => group.slice(group.indexOf(':') + 1)

/** How many entries of a group are still in the outbox (a newer write waits: its own answer settles the mirror). */
export const leftInGroup = (db: KreisDatabase, group: OutboxEntry['group']): Promise<number> =>
  db.outbox.where('group').equals(group).count()

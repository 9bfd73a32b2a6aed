/**
 * The local stack's one Postgres: PGlite (real Postgres in WASM), kept on disk in the data directory, or in memory
 * for tests. Everything that touches SQL goes through this module.
 *
 * PGlite has a single session and a mutex, so every request runs inside `pg.transaction()`; nesting `pg.query`
 * inside a transaction callback would deadlock (reference/pglite.md §5), hence callbacks only ever see `tx`.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import fs from 'node:fs'
import path from 'node:path'

export type DbRole = 'anon' | 'authenticated' | 'service_role'
export type Tx = Transaction
export const DB_ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role']

/** What the caller's JWT says; `role` picks the Postgres role, the whole object becomes request.jwt.claims. */
export interface Claims {
  role: DbRole
  sub?: string
  email?: string
  [claim: string]: unknown
}

export interface OpenOptions {
  /** Directory for the Postgres cluster; null keeps it in memory. */
  pgDir: string | null
  /** A `dumpDataDir()` tarball to start from instead of running initdb (much faster, see reference/pglite.md §6). */
  template?: Blob
}

export class Database {
  private constructor(readonly pg: PGlite) {}

  static async open({ pgDir, template }: OpenOptions): Promise<Database> {
    if (pgDir) fs.mkdirSync(path.dirname(pgDir), { recursive: true })
    const pg = await PGlite.create(pgDir ?? undefined, {
      extensions: { pgcrypto },
      ...(template ? { loadDataDir: template } : {}),
    })
    // Hosted sets this on the postgres role (and PostgREST adds `extensions` for the API roles); PGlite does not apply
    // role settings when it opens a data directory, so the session gets it here. platform.sql puts pgcrypto there.
    await pg.exec(`set search_path to "$user", public, extensions`)
    return new Database(pg)
  }

  /**
   * Runs `fn` in one transaction as the caller's role with `request.jwt.claims` set, exactly as PostgREST does,
   * so that row-level security decides. Null claims run as the superuser (platform internals only).
   */
  async withClaims<T>(claims: Claims | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) => {
      if (claims) {
        if (!DB_ROLES.includes(claims.role)) throw new Error(`unknown database role ${String(claims.role)}`)
        // One round trip, as PostgREST does it; the role is still only ever one of the fixed list above.
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
          claims.role,
          JSON.stringify(claims),
        ])
      }
      return fn(tx)
    })
  }

  /** Platform internals (auth, storage bookkeeping) that bypass RLS on purpose. */
  asSuperuser<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.withClaims(null, fn)
  }

  dump(): Promise<Blob> {
    return this.pg.dumpDataDir('gzip') as Promise<Blob>
  }

  async close(): Promise<void> {
    if (!this.pg.closed) await this.pg.close()
  }
}

/**
 * The local stack's one Postgres: PGlite (real Postgres in WASM), kept on disk in the data directory, or in memory
 * for tests. Everything that touches SQL goes through this module.
 *
 * PGlite has a single session and a mutex, so every request runs inside `pg.transaction()`; nesting `pg.query`
 * inside a transaction callback would deadlock (docs/pglite.md §5), hence callbacks only ever see `tx`.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { FairShare } from './fair-share.ts'
import { needsPlanDiscard, withSafeUpdate } from './safe-update.ts'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export type DbRole = 'anon' | 'authenticated' | 'service_role'
export type Tx = Transaction
/**
 * PGlite turns a JS value into a parameter's text on the client side, and for boolean and bytea parameters it throws
 * a plain Error on a string it does not know ("Invalid input for boolean type"), which no caller can tell from a
 * bug (a REST filter `flag=eq.x` answered 500). Postgres reads the text itself on a server: a bad value is its
 * 22P02, which the API answers 400. So a string goes to Postgres as it was sent; booleans and bytes as PGlite sends
 * them.
 */
const TEXT_AS_SENT = {
  16: (v: unknown): string => (typeof v === 'boolean' ? (v ? 't' : 'f') : String(v)),
  17: (v: unknown): string => (v instanceof Uint8Array ? `\\x${Buffer.from(v).toString('hex')}` : String(v)),
}

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
  /** A `dumpDataDir()` tarball to start from instead of running initdb (much faster, see docs/pglite.md §6). */
  template?: Blob
}

/**
 * Server settings for the single-user backend. initdb's postgresql.conf sizes shared memory for a 100-connection
 * server (shared_buffers 128MB); the WASM backend zeroes and initialises all of it at every start, which was about
 * 0.7 s of a 1.5 s open of an existing data directory (bench/stack-start.ts). One session needs far less: the whole
 * seeded cluster is about 40 MB and its hot tables a few MB, so 32MB keeps them cached while halving the start and
 * the resident memory (330 → 200 MB).
 */
export const START_SETTINGS = ['shared_buffers=32MB', 'max_connections=10']

/**
 * The catalogue search's extensions (migration 20261127090100): unaccent folds accents for the search text, which
 * every listing write computes, and pg_trgm indexes it; both are needed by any database of these migrations.
 */
const SEARCH_EXTENSIONS = { pg_trgm, unaccent }

/** A call of a pgcrypto function (or the extension named) in SQL text. */
const PGCRYPTO_USE =
  /\bpgcrypto\b|\b(crypt|gen_salt|digest|hmac|gen_random_bytes|pgp_\w+|encrypt|decrypt|encrypt_iv|decrypt_iv|armor|dearmor)\s*\(/i
const SUPABASE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** Where the SQL a running stack executes lives (migrations, and the stack's own realtime and payments SQL). */
const SQL_DIRS = ['migrations', 'local/realtime', 'local/payments'].map((d) => path.join(SUPABASE_DIR, d))

/**
 * Whether PGlite must load pgcrypto's library: loading it costs about 0.1–0.3 s of CPU at every start (unpacking its
 * bundle and compiling a 3 MB WASM module), and only SQL that calls it needs it. A new database does (platform.sql
 * creates the extension, seed.sql hashes the demo passwords with crypt()), and so does any database whose migrations
 * call a pgcrypto function; an existing database of this project's migrations does not (passwords are hashed in
 * JavaScript, auth/passwords.ts). Checked from the SQL files, so a migration that starts calling pgcrypto turns it
 * back on by itself.
 */
export function needsPgcrypto(pgDir: string | null, template?: Blob, sqlDirs = SQL_DIRS): boolean {
  if (!pgDir || template || !fs.existsSync(path.join(pgDir, 'PG_VERSION'))) return true
  return sqlDirs.some(
    (dir) =>
      fs.existsSync(dir) &&
      fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .some((f) => PGCRYPTO_USE.test(fs.readFileSync(path.join(dir, f), 'utf8').replace(/--[^\n]*/g, ''))),
  )
}

export class Database {
  /** Who runs next when several clients want the one engine (fair-share.ts); KREIS_FAIR_SHARE=off (benches' before). */
  readonly fairShare = process.env.KREIS_FAIR_SHARE === 'off' ? null : new FairShare()

  private constructor(readonly pg: PGlite) {}

  static async open({ pgDir, template }: OpenOptions): Promise<Database> {
    if (pgDir) fs.mkdirSync(path.dirname(pgDir), { recursive: true })
    const pg = await PGlite.create(pgDir ?? undefined, {
      extensions: { ...SEARCH_EXTENSIONS, ...(needsPgcrypto(pgDir, template) ? { pgcrypto } : {}) },
      startParams: [...PGlite.defaultStartParams, ...START_SETTINGS.flatMap((s) => ['-c', s])],
      ...(template ? { loadDataDir: template } : {}),
      serializers: TEXT_AS_SENT,
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
    // Each transaction takes its turn by client (fair-share.ts): the engine runs one statement at a time.
    return this.fairShare ? this.fairShare.run(() => this.transaction(claims, fn)) : this.transaction(claims, fn)
  }

  private async transaction<T>(claims: Claims | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.openTransaction(claims, fn)
    } catch (e) {
      // A refused statement's plan would let the next call through unread (safe-update.ts).
      if (needsPlanDiscard(e)) await this.pg.exec('discard plans')
      throw e
    }
  }

  private openTransaction<T>(claims: Claims | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) => {
      if (claims) {
        if (!DB_ROLES.includes(claims.role)) throw new Error(`unknown database role ${String(claims.role)}`)
        // One round trip, as PostgREST does it; the role is still only ever one of the fixed list above.
        await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
          claims.role,
          JSON.stringify(claims),
        ])
        // An API transaction refuses an UPDATE or DELETE without a WHERE anywhere in it, as hosted's pg-safeupdate does.
        return fn(withSafeUpdate(tx))
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

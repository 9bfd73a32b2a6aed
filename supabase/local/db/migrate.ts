/**
 * Brings a database up to date: the platform bootstrap (once), then every file of supabase/migrations in lexical
 * order (recorded in supabase_migrations.schema_migrations like the Supabase CLI does), then supabase/seed.sql on a
 * fresh database only.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './database.ts'

const here = path.dirname(fileURLToPath(import.meta.url))
export const SUPABASE_DIR = path.resolve(here, '../..')
export const MIGRATIONS_DIR = path.join(SUPABASE_DIR, 'migrations')
export const SEED_SQL = path.join(SUPABASE_DIR, 'seed.sql')
const PLATFORM_SQL = path.join(here, 'platform.sql')
const MIGRATION_FILE = /^(\d{14})_([a-z0-9_]+)\.sql$/

export interface Migration {
  version: string
  name: string
  file: string
}

/**
 * The migrations in the order they apply. Two files with one version are refused by name here: the version is the
 * key of schema_migrations, so the second would otherwise fail at start-up with a bare duplicate-key error (and the
 * Supabase CLI refuses them too).
 */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!fs.existsSync(dir)) return []
  const migrations = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((file) => {
      const m = MIGRATION_FILE.exec(file)
      if (!m) throw new Error(`migration file name must be YYYYMMDDHHmmss_name.sql: ${file}`)
      return { version: m[1]!, name: m[2]!, file: path.join(dir, file) }
    })
  migrations.forEach((m, i) => {
    const before = migrations[i - 1]
    if (before?.version === m.version)
      throw new Error(
        `two migrations share version ${m.version}: ${path.basename(before.file)} and ${path.basename(m.file)}`,
      )
  })
  return migrations
}

async function isBootstrapped(db: Database): Promise<boolean> {
  const { rows } = await db.pg.query<{ ok: boolean }>(
    `select exists (select 1 from pg_namespace where nspname = 'supabase_migrations') as ok`,
  )
  return rows[0]!.ok
}

export interface MigrateResult {
  fresh: boolean
  applied: string[]
  seeded: boolean
}

/** Applies what is missing. `seed` runs seed.sql when the database was fresh. */
export async function migrate(db: Database, { seed = true } = {}): Promise<MigrateResult> {
  const fresh = !(await isBootstrapped(db))
  if (fresh) await db.pg.exec(fs.readFileSync(PLATFORM_SQL, 'utf8'))

  const { rows } = await db.pg.query<{ version: string }>(`select version from supabase_migrations.schema_migrations`)
  const done = new Set(rows.map((r) => r.version))
  const applied: string[] = []
  for (const m of listMigrations()) {
    if (done.has(m.version)) continue
    const sql = fs.readFileSync(m.file, 'utf8')
    try {
      // One exec per file: DDL has no parameters, and a failing file rolls back whole.
      await db.pg.exec(`begin;\n${sql}\n;commit;`)
    } catch (e) {
      await db.pg.exec('rollback').catch(() => {})
      throw new Error(`migration ${path.basename(m.file)} failed: ${(e as Error).message}`, { cause: e })
    }
    await db.pg.query(`insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)`, [
      m.version,
      m.name,
    ])
    applied.push(m.version)
  }

  let seeded = false
  if (fresh && seed && fs.existsSync(SEED_SQL)) {
    await db.pg.exec(`begin;\n${fs.readFileSync(SEED_SQL, 'utf8')}\n;commit;`)
    seeded = true
  }
  return { fresh, applied, seeded }
}

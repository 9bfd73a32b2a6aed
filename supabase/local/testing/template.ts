/**
 * A migrated and seeded database as a dump, built once per change of the schema and reused by every test: a fresh
 * PGlite takes seconds (initdb), restoring a dump about one (docs/pglite.md §6).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Database } from '../db/database.ts'
import { migrate, listMigrations, SEED_SQL, SUPABASE_DIR } from '../db/migrate.ts'

const CACHE_DIR = path.resolve(SUPABASE_DIR, '..', 'node_modules', '.cache', 'kreis')

function schemaHash(): string {
  const h = crypto.createHash('sha256')
  const files = [path.join(SUPABASE_DIR, 'local', 'db', 'platform.sql'), ...listMigrations().map((m) => m.file)]
  if (fs.existsSync(SEED_SQL)) files.push(SEED_SQL)
  for (const f of files) h.update(f).update(fs.readFileSync(f))
  return h.digest('hex').slice(0, 16)
}

export function templatePath(): string {
  return path.join(CACHE_DIR, `template-${schemaHash()}.tar.gz`)
}

/** Builds the template if the schema changed since the last build; returns its path. */
export async function ensureTemplate(): Promise<string> {
  const file = templatePath()
  if (fs.existsSync(file)) return file
  const db = await Database.open({ pgDir: null })
  try {
    await migrate(db)
    const dump = await db.dump()
    fs.mkdirSync(CACHE_DIR, { recursive: true })
    const tmp = `${file}.${process.pid}.tmp`
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()))
    fs.renameSync(tmp, file)
  } finally {
    await db.close()
  }
  return file
}

export async function loadTemplate(): Promise<Blob> {
  const file = await ensureTemplate()
  return new Blob([fs.readFileSync(file)])
}

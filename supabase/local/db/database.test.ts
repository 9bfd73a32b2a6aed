import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadTemplate } from '../testing/template.ts'
import { Database, needsPgcrypto } from './database.ts'

const dirs: string[] = []
function tempDir(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-db-test-'))
  dirs.push(dir)
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text)
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

describe('needsPgcrypto (the library is loaded only when SQL can call it)', () => {
  const existing = () => tempDir({ PG_VERSION: '18\n' })

  it.each([
    ['an in-memory database (tests, benches)', () => needsPgcrypto(null)],
    [
      'a new data directory (platform.sql creates the extension, seed.sql calls crypt)',
      () => needsPgcrypto(tempDir(), undefined, []),
    ],
    ['a database restored from a template', () => needsPgcrypto(existing(), new Blob([]), [])],
    [
      'an existing database whose migrations call digest()',
      () => needsPgcrypto(existing(), undefined, [tempDir({ 'a.sql': "select extensions.digest('x', 'sha256');" })]),
    ],
    [
      'an existing database whose migrations call crypt()',
      () => needsPgcrypto(existing(), undefined, [tempDir({ 'a.sql': "select crypt ('a', gen_salt('bf'));" })]),
    ],
    [
      'an existing database whose migrations name the extension',
      () => needsPgcrypto(existing(), undefined, [tempDir({ 'a.sql': 'create extension pgcrypto;' })]),
    ],
  ])('loads it for %s', (_, decide) => {
    expect(decide()).toBe(true)
  })

  it.each([
    ['no SQL calls it', [tempDir({ 'a.sql': 'create table t (id uuid default gen_random_uuid(), decrypted text);' })]],
    ['only a comment names it', [tempDir({ 'a.sql': '-- hashed with crypt() in seed.sql\nselect 1;' })]],
    ['the SQL directory does not exist', ['/nonexistent/kreis']],
  ])('skips it for an existing database when %s', (_, sqlDirs) => {
    expect(needsPgcrypto(existing(), undefined, sqlDirs)).toBe(false)
  })
})

describe('Database.open', () => {
  it('runs the backend with shared memory sized for one session, not for initdb’s 100 connections', async () => {
    const db = await Database.open({ pgDir: null, template: await loadTemplate() })
    try {
      const { rows } = await db.pg.query<{ sb: string; mc: string }>(
        `select current_setting('shared_buffers') as sb, current_setting('max_connections') as mc`,
      )
      expect(rows[0]).toEqual({ sb: '32MB', mc: '10' })
    } finally {
      await db.close()
    }
  })
})

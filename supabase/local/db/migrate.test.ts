// The migration list: every file named YYYYMMDDHHmmss_name.sql, in version order, each version once.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { listMigrations } from './migrate.ts'

const dirs: string[] = []
function folderOf(files: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-migrations-'))
  dirs.push(dir)
  for (const f of files) fs.writeFileSync(path.join(dir, f), 'select 1;')
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true })
})

describe('listMigrations', () => {
  it.each<[string, string[], string[] | RegExp]>([
    ['orders by version', ['20261127120500_b.sql', '20261127120000_a.sql'], ['20261127120000', '20261127120500']],
    ['skips other files', ['20261127120000_a.sql', 'README.md'], ['20261127120000']],
    [
      'refuses a second file with one version, naming both',
      ['20261127120000_profile_language.sql', '20261127120000_profile_window.sql'],
      /two migrations share version 20261127120000: 20261127120000_profile_language.sql and 20261127120000_profile_window.sql/,
    ],
    ['refuses a file name without a version', ['profile_window.sql'], /must be YYYYMMDDHHmmss_name.sql/],
  ])('%s', (_name, files, expected) => {
    const dir = folderOf(files)
    if (expected instanceof RegExp) expect(() => listMigrations(dir)).toThrow(expected)
    else expect(listMigrations(dir).map((m) => m.version)).toEqual(expected)
  })

  it('holds for the repository: no two migrations share a version', () => {
    const versions = listMigrations().map((m) => m.version)
    expect(new Set(versions).size).toBe(versions.length)
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'
import { silentLogger } from './shared/logger.ts'
import { listMigrations } from './db/migrate.ts'
import { DataDirLockedError } from './shared/data-lock.ts'
import { startStack } from './stack.ts'

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-stack-test-'))
const config = loadConfig({ KREIS_DATA_DIR: dataDir }, { port: 0 })
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))
/**
 * Three start-ups on PGlite (each migrates or opens the data directory) take seconds on an idle machine and passed
 * 30 s at load 12–15: the limit is for a busy CI machine, not for how fast this one is.
 */
const START_UPS_MS = 240_000

describe('local stack start-up on a data directory', () => {
  it(
    'migrates and seeds a fresh directory, keeps its data across a restart, and refuses a second server',
    async () => {
      const first = await startStack(config, { log: silentLogger })
      try {
        expect(first.migration).toMatchObject({ fresh: true, seeded: true })
        expect(first.migration.applied).toEqual(listMigrations().map((m) => m.version))
        await first.ctx.db.pg.query(`create table public.restart_probe (id int primary key)`)
        await first.ctx.db.pg.query(`insert into public.restart_probe values (42)`)
        expect((await fetch(`${first.url}/health`)).status).toBe(200)

        await expect(startStack(config, { log: silentLogger })).rejects.toThrow(DataDirLockedError)
      } finally {
        await first.close()
      }

      const second = await startStack(config, { log: silentLogger })
      try {
        expect(second.migration).toMatchObject({ fresh: false, seeded: false, applied: [] })
        const { rows } = await second.ctx.db.pg.query<{ id: number }>(`select id from public.restart_probe`)
        expect(rows).toEqual([{ id: 42 }])
      } finally {
        await second.close()
      }
      expect(fs.existsSync(path.join(dataDir, 'kreis.lock'))).toBe(false)
    },
    START_UPS_MS,
  )

  it('takes over a lock file left by a process that no longer runs', async () => {
    const staleDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-stale-lock-'))
    try {
      const { lockDataDir } = await import('./shared/data-lock.ts')
      fs.writeFileSync(path.join(staleDir, 'kreis.lock'), '2147483646')
      const unlock = lockDataDir(staleDir)
      expect(fs.readFileSync(path.join(staleDir, 'kreis.lock'), 'utf8')).toBe(String(process.pid))
      unlock()
    } finally {
      fs.rmSync(staleDir, { recursive: true, force: true })
    }
  })
})

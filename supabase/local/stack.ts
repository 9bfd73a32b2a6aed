/**
 * Starting and stopping the whole local stack: lock the data directory, open Postgres, migrate (and seed a fresh
 * one, bytes included), then serve HTTP and the realtime websocket on one port.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAdaptorServer } from '@hono/node-server'
import type { StackConfig } from './config.ts'
import type { StackContext } from './context.ts'
import { consoleLogger, type Logger } from './shared/logger.ts'
import { Database } from './db/database.ts'
import { migrate, SUPABASE_DIR, type MigrateResult } from './db/migrate.ts'
import { JwtKeys } from './shared/jwt.ts'
import { lockDataDir } from './shared/data-lock.ts'
import { BlobStore } from './storage/blob-store.ts'
import { Mailer } from './auth/mailer.ts'
import type { RealtimeLimits } from './realtime/limits.ts'
import { loadOrCreateVapidKeys } from './push/vapid-keys.ts'

/** Seed object bytes, laid out as `<bucket>/<name>`, copied into storage when the database is seeded. */
export const SEED_STORAGE_DIR = path.join(SUPABASE_DIR, 'seed', 'storage')

export interface StartOptions {
  log?: Logger
  /** A database dump to start from instead of initdb + migrations (tests). */
  template?: Blob
  /** Write the seed's object bytes even though the database came from a template (tests). */
  seedFiles?: boolean
  /** Realtime limits other than hosted's defaults (tests and benches of floods). */
  realtimeLimits?: Partial<RealtimeLimits>
}

export interface RunningStack {
  url: string
  port: number
  config: StackConfig
  ctx: StackContext
  migration: MigrateResult
  /** Resolves once the pushes of every message inserted so far have been sent (tests, bench). */
  pushesSent(): Promise<void>
  close(): Promise<void>
}

/**
 * KREIS_START_TRACE=1 prints when each step of the start ended, in wall and CPU time since the process started
 * (bench/stack-start.ts's breakdown; CPU time says more than wall time on a busy machine).
 */
function startTrace(): (step: string) => void {
  if (!process.env.KREIS_START_TRACE) return () => {}
  return (step) => {
    const { user, system } = process.cpuUsage()
    console.error(
      `[kreis] start: ${step} at ${Math.round(performance.now())} ms (CPU ${Math.round((user + system) / 1000)} ms)`,
    )
  }
}

export async function startStack(config: StackConfig, options: StartOptions = {}): Promise<RunningStack> {
  const log = options.log ?? consoleLogger
  const mark = startTrace()
  mark('modules loaded')
  const unlock = config.dataDir ? lockDataDir(config.dataDir) : () => {}
  const storageRoot = config.dataDir
    ? path.join(config.dataDir, 'storage')
    : fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-storage-'))
  let db: Database | null = null
  try {
    const opening = Database.open({
      pgDir: config.dataDir ? path.join(config.dataDir, 'pg') : null,
      template: options.template,
    })
    // The API modules load while Postgres starts: its WASM compiles off the main thread, so this hides most of the
    // import time in the cold start (bench/stack-start.ts).
    const [opened, { createApp }, { attachRealtime }, { attachPush }] = await Promise.all([
      opening.then((d) => (mark('database open'), d)),
      import('./app.ts').then((m) => (mark('API modules loaded'), m)),
      import('./realtime/index.ts'),
      import('./push/index.ts'),
    ]).catch(async (e) => {
      await (await opening.catch(() => null))?.close()
      throw e
    })
    db = opened
    const migration = await migrate(db)
    mark('migrations checked')
    const blobs = new BlobStore(storageRoot)
    if ((migration.seeded || options.seedFiles) && fs.existsSync(SEED_STORAGE_DIR))
      await blobs.importTree(SEED_STORAGE_DIR)

    // A copy, so that apiUrl can learn the real port when the caller asked for any free one (port 0).
    const liveConfig: StackConfig = { ...config }
    const ctx: StackContext = {
      config: liveConfig,
      db,
      jwt: new JwtKeys(config.jwtSecret),
      blobs,
      log,
      mailer: new Mailer(log),
      vapid: loadOrCreateVapidKeys(config.dataDir),
    }
    const server = createAdaptorServer({ fetch: createApp(ctx).fetch }) as Server
    // Realtime is attached before the port opens, so a healthy stack is a whole one.
    mark('HTTP API built')
    const realtime = await attachRealtime(server, ctx, options.realtimeLimits)
    mark('realtime attached')
    const push = await attachPush(ctx, ctx.vapid)
    mark('push attached')
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(config.port, config.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
    mark('listening')
    const port = (server.address() as AddressInfo).port
    const url = `http://${config.host}:${port}`
    if (config.port === 0) Object.assign(liveConfig, { port, apiUrl: url })
    const database = db
    let closing: Promise<void> | null = null
    return {
      url,
      port,
      config: liveConfig,
      ctx,
      migration,
      pushesSent: () => push.idle(),
      close: () =>
        (closing ??= (async () => {
          await realtime.close()
          await push.close()
          server.closeAllConnections?.()
          await new Promise<void>((r) => server.close(() => r()))
          await database.close()
          if (!config.dataDir) fs.rmSync(storageRoot, { recursive: true, force: true })
          unlock()
        })()),
    }
  } catch (e) {
    await db?.close()
    unlock()
    throw e
  }
}

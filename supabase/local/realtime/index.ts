/**
 * Realtime for the local stack: `/realtime/v1/websocket` on the API's HTTP server, speaking the Phoenix protocol of
 * supabase-js, delivering postgres_changes from the change log (change-feed.ts) to the subscribers that row-level
 * security lets see them (dispatch.ts), and the database's private signals to one user's devices as Broadcast on
 * private topics (user-signals.ts, private-topics.ts). Clients cannot broadcast; presence is not offered.
 */
import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer } from 'ws'
import type { StackContext } from '../context.ts'
import { Catalogue, DDL_CHANNEL } from './catalogue.ts'
import { ChangeFeed } from './change-feed.ts'
import type { Channel } from './channel.ts'
import { Connection, type ConnectionDeps } from './connection.ts'
import { Dispatcher } from './dispatch.ts'
import {
  CLOSE_GOING_AWAY,
  CLOSE_GRACE_MS,
  DEFAULT_REALTIME_LIMITS,
  IDLE_SWEEP_MS,
  IDLE_TIMEOUT_MS,
  MAX_FRAME_BYTES,
  REALTIME_PATH,
  type RealtimeLimits,
} from './limits.ts'
import { parseVsn } from './protocol.ts'
import { BucketMap } from './rate.ts'
import { listenForUserSignals } from './user-signals.ts'

export interface RealtimeServer {
  /** Joined channels right now (for tests and diagnostics). */
  channelCount(): number
  /** Catalogue reads and visibility checks done so far (for tests and diagnostics). */
  work(): { catalogueReads: number; visibilityChecks: number }
  /** Terminates sockets silent for IDLE_TIMEOUT_MS as of `now`; returns how many. Runs every IDLE_SWEEP_MS. */
  sweepIdle(now?: number): number
  close(): Promise<void>
}

function rejectUpgrade(socket: Duplex, status: number, text: string): void {
  if (!socket.destroyed) socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
}

export async function attachRealtime(
  server: Server,
  ctx: StackContext,
  limitOverrides: Partial<RealtimeLimits> = {},
): Promise<RealtimeServer> {
  const limits: RealtimeLimits = { ...DEFAULT_REALTIME_LIMITS, ...limitOverrides }
  const channels = new Set<Channel>()
  let feed: ChangeFeed | null = null
  const catalogue = new Catalogue(ctx.db, () => feed!.syncTriggers())
  const dispatcher = new Dispatcher(ctx.db, () => channels, catalogue)
  feed = await ChangeFeed.start(
    ctx.db,
    ctx.log,
    (changes) => dispatcher.dispatch(changes),
    () => channels.size > 0,
  )
  // Any DDL (change-log.sql's event trigger) may change tables, privileges or the publication: forget what is known.
  const unlistenDdl = await ctx.db.pg.listen(DDL_CHANNEL, () => catalogue.invalidate())
  const unlistenSignals = await listenForUserSignals(ctx.db, ctx.log, () => channels)
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES })
  const connections = new Set<Connection>()
  const addressJoins = new BucketMap(limits.joinsPerSecondPerAddress)
  const addressChannels = new Map<string, number>()
  const addressSockets = new Map<string, number>()
  const deps: ConnectionDeps = {
    jwt: ctx.jwt,
    log: ctx.log,
    catalogue,
    limits,
    takeAddressJoin: (address) => addressJoins.take(address),
    addressChannels: (address) => addressChannels.get(address) ?? 0,
    register: (c) => {
      if (channels.has(c)) return
      channels.add(c)
      addressChannels.set(c.address, (addressChannels.get(c.address) ?? 0) + 1)
    },
    unregister: (c) => {
      if (!channels.delete(c)) return
      const left = (addressChannels.get(c.address) ?? 1) - 1
      if (left > 0) addressChannels.set(c.address, left)
      else addressChannels.delete(c.address)
    },
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => {})
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname.replace(/\/$/, '') !== REALTIME_PATH) {
      socket.destroy()
      return
    }
    const header = req.headers.apikey
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null)
    if (!apikey) return rejectUpgrade(socket, 401, 'Unauthorized')
    // The address's socket count includes upgrades still being verified, so a burst cannot overshoot the cap.
    const address = req.socket.remoteAddress ?? 'unknown'
    const open = addressSockets.get(address) ?? 0
    if (open >= limits.socketsPerAddress) return rejectUpgrade(socket, 429, 'Too Many Requests')
    addressSockets.set(address, open + 1)
    let released = false
    const release = () => {
      if (released) return
      released = true
      const left = (addressSockets.get(address) ?? 1) - 1
      if (left > 0) addressSockets.set(address, left)
      else addressSockets.delete(address)
    }
    socket.once('close', release)
    ctx.jwt.verify(apikey).then(
      () => {
        if (socket.destroyed) return release()
        wss.handleUpgrade(req, socket, head, (ws) => {
          const connection = new Connection(ws, parseVsn(url.searchParams.get('vsn')), apikey, address, deps)
          connections.add(connection)
          ws.on('close', () => {
            connections.delete(connection)
            release()
          })
        })
      },
      () => {
        release()
        rejectUpgrade(socket, 403, 'Forbidden')
      },
    )
  }
  server.on('upgrade', onUpgrade)

  const realtime: RealtimeServer = {
    channelCount: () => channels.size,
    work: () => ({ catalogueReads: catalogue.reads, visibilityChecks: dispatcher.checks }),
    sweepIdle(now = Date.now()) {
      addressJoins.sweep(now)
      let closed = 0
      for (const c of connections) if (c.closeIfIdleSince(now - IDLE_TIMEOUT_MS)) closed++
      return closed
    },
    async close() {
      clearInterval(sweeper)
      server.off('upgrade', onUpgrade)
      for (const ws of wss.clients) ws.close(CLOSE_GOING_AWAY, 'server shutting down')
      // Clients answer the close handshake at once; one that does not is cut off after a grace period.
      const closed = new Promise<void>((resolve) => wss.close(() => resolve()))
      const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref())
      await Promise.race([closed, grace])
      for (const ws of wss.clients) ws.terminate()
      channels.clear()
      await unlistenDdl().catch(() => {})
      await unlistenSignals().catch(() => {})
      await feed!.close()
    },
  }
  const sweeper = setInterval(() => realtime.sweepIdle(), IDLE_SWEEP_MS)
  sweeper.unref()
  ctx.realtime = realtime
  return realtime
}

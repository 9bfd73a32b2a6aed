import type { Server } from 'node:http'
import type { StackContext } from '../context.ts'

export interface RealtimeServer {
  close(): Promise<void>
}

/** Placeholder until the realtime API is built: attaches /realtime/v1/websocket to the HTTP server. */
export async function attachRealtime(_server: Server, _ctx: StackContext): Promise<RealtimeServer> {
  return { async close() {} }
}

import { useSyncStatus } from '@/sync/app-sync'

/**
 * Whether the sync engine can reach the server: false from the browser's `offline` event, a request lost to the
 * network or a dropped realtime connection, until a sync reaches the server again. A screen that chooses between
 * the server's answer and the device's asks this. The browser's own flag, for a form that sends at once, is
 * `useOnlineStatus` (src/ui/use-online-status.ts): those two are the only sources of "online" in the app.
 */
export function useServerReachable(): boolean {
  return useSyncStatus((s) => s.online)
}

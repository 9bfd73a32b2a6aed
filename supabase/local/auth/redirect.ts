/**
 * Where auth links may send a browser: only to the app (the site URL's origin or an allowed origin), like
 * GoTrue's redirect allow list, so a link cannot hand a session to another site.
 */
import type { StackConfig } from '../config.ts'

function origin(url: string): string | null {
  try {
    return new URL(url).origin
  } catch {
    return null
  }
}

export function safeRedirect(config: StackConfig, requested: string | undefined | null, fallback: string): string {
  if (!requested) return fallback
  const target = origin(requested)
  const allowed = [config.siteUrl, ...config.allowedOrigins].map(origin)
  return target !== null && target !== 'null' && allowed.includes(target) ? new URL(requested).toString() : fallback
}

/** Whether this browser can receive Web Push (pure, so it is tested as a table). */

export interface PushFacts {
  /** serviceWorker, PushManager and Notification all exist. */
  hasPushApi: boolean
  userAgent: string
  /** navigator.maxTouchPoints: iPadOS reports a Mac user agent, but a touch screen. */
  maxTouchPoints: number
  /** Running from the Home Screen (navigator.standalone or display-mode standalone). */
  standalone: boolean
  permission: NotificationPermission | null
}

/**
 * - 'needs-install': iOS and iPadOS give Web Push only to a web app added to the Home Screen (16.4 and later);
 *   in Safari's tab the person must install first.
 * - 'denied': the person blocked notifications for the site; only the browser's settings can undo that.
 * - 'unsupported': no Push API at all.
 */
export type PushAvailability = 'available' | 'needs-install' | 'denied' | 'unsupported'

export function pushAvailability(f: PushFacts): PushAvailability {
  const ios = /iPhone|iPad|iPod/.test(f.userAgent) || (/Macintosh/.test(f.userAgent) && f.maxTouchPoints > 1)
  if (ios && !f.standalone) return 'needs-install'
  if (!f.hasPushApi) return 'unsupported'
  if (f.permission === 'denied') return 'denied'
  return 'available'
}

export function browserPushFacts(): PushFacts {
  const hasPushApi =
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  const standalone =
    typeof window !== 'undefined' &&
    ((navigator as Navigator & { standalone?: boolean }).standalone === true ||
      window.matchMedia?.('(display-mode: standalone)').matches === true)
  return {
    hasPushApi,
    userAgent: typeof navigator !== 'undefined' ? navigator.userAgent : '',
    maxTouchPoints: typeof navigator !== 'undefined' ? navigator.maxTouchPoints : 0,
    standalone,
    permission: typeof Notification !== 'undefined' ? Notification.permission : null,
  }
}

/** base64url (the VAPID public key's form) → the bytes pushManager.subscribe takes. */
export function base64UrlBytes(s: string): Uint8Array<ArrayBuffer> {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4)
  const bin = atob(b64)
  const out = new Uint8Array(new ArrayBuffer(bin.length))
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

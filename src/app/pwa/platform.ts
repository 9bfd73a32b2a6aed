/** Browser facts the install prompts depend on (pure, so they are tested as tables). */

export interface PlatformFacts {
  userAgent: string
  /** navigator.maxTouchPoints: iPadOS reports a Mac user agent, but a touch screen. */
  maxTouchPoints: number
  /** Already running from the Home Screen (navigator.standalone or display-mode standalone). */
  standalone: boolean
}

/**
 * iOS and iPadOS have no install prompt: a page is added through Share → "Add to Home Screen". We show that hint
 * in Safari only (other iOS browsers put the menu elsewhere), and not when the app already runs standalone.
 */
export function needsIosInstallHint({ userAgent, maxTouchPoints, standalone }: PlatformFacts): boolean {
  if (standalone) return false
  const ios = /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  const safari = /Safari\//.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(userAgent)
  return ios && safari
}

/** "Not now" keeps the install offer away this long. */
export const INSTALL_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000

export const isSnoozed = (snoozedAt: number | null, now: number): boolean =>
  snoozedAt !== null && now - snoozedAt < INSTALL_SNOOZE_MS

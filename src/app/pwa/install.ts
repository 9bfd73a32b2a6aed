/**
 * The install offer: Chromium's `beforeinstallprompt` is kept (its mini-infobar suppressed) so the app shows its
 * own Install button; iOS Safari, which has no prompt, gets the "Add to Home Screen" hint. "Not now" is
 * remembered on the device for 30 days.
 */
import { takeEarlyInstallPrompt } from './early-install-prompt'
import { isSnoozed, needsIosInstallHint } from './platform'
import { pwaStore, type BeforeInstallPromptEvent } from './pwa-store'

export const INSTALL_SNOOZE_KEY = 'kreis:install-snoozed-at'

function snoozedAt(): number | null {
  try {
    const v = Number(localStorage.getItem(INSTALL_SNOOZE_KEY))
    return Number.isFinite(v) && v > 0 ? v : null
  } catch {
    return null
  }
}

const runsStandalone = (): boolean =>
  (navigator as Navigator & { standalone?: boolean }).standalone === true ||
  (window.matchMedia?.('(display-mode: standalone)').matches ?? false)

let watching = false

function offered(e: Event): void {
  e.preventDefault()
  pwaStore.setState({ installEvent: e as BeforeInstallPromptEvent })
}

export function watchInstallPrompt(now: () => number = Date.now): void {
  if (watching) return
  watching = true
  pwaStore.setState({
    installSnoozed: isSnoozed(snoozedAt(), now()),
    iosHint: needsIosInstallHint({
      userAgent: navigator.userAgent,
      maxTouchPoints: navigator.maxTouchPoints ?? 0,
      standalone: runsStandalone(),
    }),
  })
  // The browser may have offered installation before this ran (a first visit): main.tsx kept that event.
  const early = takeEarlyInstallPrompt()
  if (early) pwaStore.setState({ installEvent: early as BeforeInstallPromptEvent })
  window.addEventListener('beforeinstallprompt', offered)
  window.addEventListener('appinstalled', () => pwaStore.setState({ installEvent: null, iosHint: false }))
}

/** Shows the browser's install dialog; the event can be used once. */
export async function install(): Promise<void> {
  const event = pwaStore.getState().installEvent
  if (!event) return
  pwaStore.setState({ installEvent: null })
  await event.prompt()
}

export function snoozeInstall(now: number = Date.now()): void {
  try {
    localStorage.setItem(INSTALL_SNOOZE_KEY, String(now))
  } catch {
    // Private mode without storage: the offer is hidden for this visit only.
  }
  pwaStore.setState({ installSnoozed: true })
}

/** For tests. */
export function resetInstallWatch(): void {
  window.removeEventListener('beforeinstallprompt', offered)
  watching = false
}

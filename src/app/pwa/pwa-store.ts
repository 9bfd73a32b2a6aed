/**
 * What the app knows about being an installed, updatable PWA: a new version waiting (and how to switch to it),
 * the browser's install prompt, and whether to show the iOS "Add to Home Screen" hint. Filled by register-sw.ts
 * and install.ts; read by <PwaPrompts />.
 */
import { createStore, useStore } from 'zustand'

/** Chromium's install prompt event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

export interface PwaState {
  /** A new service worker waits (or took over another tab): the user may reload into the new version. */
  updateReady: boolean
  /** Switches to the waiting version and reloads; only ever on the user's click. */
  applyUpdate: (() => void) | null
  /** The deferred `beforeinstallprompt`, where the browser offers installation. */
  installEvent: BeforeInstallPromptEvent | null
  /** iOS Safari, not yet on the Home Screen: installing is a manual Share → "Add to Home Screen". */
  iosHint: boolean
  /** The user said "Not now" to installing (remembered for INSTALL_SNOOZE_MS). */
  installSnoozed: boolean
}

export const initialPwaState = (): PwaState => ({
  updateReady: false,
  applyUpdate: null,
  installEvent: null,
  iosHint: false,
  installSnoozed: false,
})

export const pwaStore = createStore<PwaState>(() => initialPwaState())

export const usePwa = <T>(select: (s: PwaState) => T): T => useStore(pwaStore, select)

/**
 * Chromium fires `beforeinstallprompt` once, early: on a first visit often before the app's modules (and the install
 * offer's own listener, which starts after start-up) have loaded, so the offer missed the first visit to /. main.tsx
 * starts this tiny listener before anything else; the offer takes the event kept here when it starts watching.
 */
let kept: Event | null = null
let listening = false

function keep(e: Event): void {
  e.preventDefault() // no mini-infobar: the app shows its own offer
  kept = e
}

export function captureInstallPromptEarly(target: Pick<Window, 'addEventListener'> = window): void {
  if (listening) return
  listening = true
  target.addEventListener('beforeinstallprompt', keep)
}

/** The event caught before the offer listened (once), and no more catching: the offer's listener takes over. */
export function takeEarlyInstallPrompt(target: Pick<Window, 'removeEventListener'> = window): Event | null {
  target.removeEventListener('beforeinstallprompt', keep)
  listening = false
  const e = kept
  kept = null
  return e
}

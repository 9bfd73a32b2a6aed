/**
 * The seam between the shell and sessions. The data layer owns sessions (src/db, src/sync, src/remote); the shell
 * only needs this small view of one. When sessions land, useHeaderSession() maps the data layer's live session
 * here (status while it resolves, the display initial, sign-out) and nothing else in the shell changes.
 */
export type HeaderSession =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'signed-in'; displayName: string; signOut: () => void }

const SIGNED_OUT: HeaderSession = { status: 'signed-out' }

export function useHeaderSession(): HeaderSession {
  // Later: the auth/data-layer issue replaces this with its session hook.
  return SIGNED_OUT
}

/**
 * A route's screen from a chunk of its own, for the pages index.html prerenders (/shop, /item/:id). Until the chunk
 * has loaded the route shows `fallback`; so do the build's prerender and the render that hydrates it, even when the
 * chunk is already there (useSyncExternalStore's server snapshot), so the markup painted from HTML is adopted
 * as it is and the screen replaces it in the next render. `lazy` inside a Suspense boundary cannot do that: the
 * prerender would mark the boundary for a client render (and hydration would throw its markup away), or, once the
 * chunk is there, hydrate the screen against the fallback's markup (a mismatch).
 *
 * The screen replaces the fallback in a transition: a background render React slices into short tasks, rather than
 * the one long task of an external store's update (always synchronous). A screen's first render over a cold
 * page's data was the longest task after the first paint on /shop (TBT).
 */
import { startTransition, useEffect, useState, useSyncExternalStore, type ComponentType, type ReactNode } from 'react'
import { importRetrying, type ChunkRetryEnv } from '@/ui/lazy-retrying'

export interface DeferredScreen {
  (props: { fallback: ReactNode }): ReactNode
  /** Starts loading the chunk (once); the screen shows it when loaded. */
  preload(): Promise<void>
}

/** `retry`: how a failed load is asked for again (the browser's network by default; tests pass their own). */
export function deferredScreen(load: () => Promise<ComponentType>, retry?: ChunkRetryEnv): DeferredScreen {
  let screen: { Component: ComponentType } | null = null
  let failure: { error: unknown } | null = null
  let loading: Promise<void> | null = null
  const listeners = new Set<() => void>()
  // The screen renders in the task after its chunk was evaluated, not in the same one (TBT).
  const settle = (state: typeof screen | typeof failure) =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        if (state && 'Component' in state) screen = state
        else failure = state
        listeners.forEach((l) => l())
        resolve()
      }, 0),
    )
  const preload = () =>
    (loading ??= importRetrying(load, retry).then(
      (Component) => settle({ Component }),
      (error: unknown) => settle({ error }),
    ))
  const loaded = () => screen ?? failure

  function Deferred({ fallback }: { fallback: ReactNode }) {
    // False in the build's prerender and in the render that hydrates it (the server snapshot), true otherwise.
    const hydrated = useSyncExternalStore(subscribeToNothing, isClient, isServer)
    // Mounted after hydration (a client-side navigation), a loaded chunk shows at once; hydrating, the fallback.
    const [state, setState] = useState(() => (hydrated ? loaded() : null))
    useEffect(() => {
      const show = () => {
        const next = loaded()
        if (next) startTransition(() => setState(next))
      }
      listeners.add(show)
      void preload()
      show()
      return () => void listeners.delete(show)
    }, [])
    // A chunk that failed to load (docs/decisions.md#D-chunk-retry) reaches the screen's error boundary, as a lazy screen's would.
    if (state && 'error' in state) throw state.error
    return state ? <state.Component /> : fallback
  }
  return Object.assign(Deferred, { preload })
}

const subscribeToNothing = () => () => {}
const isClient = () => true
const isServer = () => false

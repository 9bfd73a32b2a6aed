// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { Component, Suspense, type ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ONLINE_RETRY_DELAYS_MS } from '@/ui/lazy-retrying'
import { deferredScreen } from './deferred-screen'

afterEach(cleanup)

const Screen = () => <p>the screen</p>
const fallback = <p>the fallback</p>

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError = () => ({ failed: true })
  render = () => (this.state.failed ? <p>failed</p> : this.props.children)
}

function deferred() {
  let resolve!: (c: typeof Screen) => void
  let reject!: (e: Error) => void
  const load = vi.fn(() => new Promise<typeof Screen>((res, rej) => ((resolve = res), (reject = rej))))
  return { Deferred: deferredScreen(load), load, resolve: (c = Screen) => resolve(c), reject: (e: Error) => reject(e) }
}

describe('a prerendered route’s screen from its own chunk', () => {
  it('shows the fallback until its chunk has loaded, then the screen; loads once', async () => {
    const { Deferred, load, resolve } = deferred()
    render(<Deferred fallback={fallback} />)
    expect(screen.getByText('the fallback')).toBeTruthy()
    // Loaded (its module evaluated): the screen renders in the next task, not in this one (TBT).
    await act(async () => resolve())
    expect(screen.getByText('the fallback')).toBeTruthy()
    await act(() => Deferred.preload())
    expect(screen.getByText('the screen')).toBeTruthy()
    cleanup()
    render(<Deferred fallback={fallback} />)
    expect(screen.getByText('the screen')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('renders the fallback in the build’s prerender, and hydration adopts that markup even when the chunk is already there', async () => {
    const { Deferred, resolve } = deferred()
    const html = renderToString(<Deferred fallback={fallback} />)
    expect(html).toBe('<p>the fallback</p>')

    await act(async () => {
      const loaded = Deferred.preload()
      resolve()
      await loaded
    })
    const container = document.createElement('div')
    container.innerHTML = html
    document.body.append(container)
    const errors: unknown[] = []
    // A mismatch (the screen hydrated against the fallback's markup) is reported here, and React renders anew.
    await act(async () => {
      hydrateRoot(container, <Deferred fallback={fallback} />, { onRecoverableError: (e) => void errors.push(e) })
    })
    expect(errors).toEqual([])
    expect(container.textContent).toBe('the screen')
    container.remove()
  })

  it('replaces the fallback in a transition (a background render, TBT): a screen that suspends keeps the fallback on screen', async () => {
    const { Deferred, resolve } = deferred()
    const never = new Promise<never>(() => {})
    // Suspends on its first render, as a screen whose own lazy part has not loaded yet.
    const Suspending = () => {
      throw never
    }
    render(
      <Suspense fallback={<p>the boundary’s fallback</p>}>
        <Deferred fallback={fallback} />
      </Suspense>,
    )
    await act(async () => {
      resolve(Suspending)
      await Deferred.preload()
    })
    // An urgent (synchronous) render would have replaced the page with the Suspense boundary's fallback.
    expect(screen.getByText('the fallback')).toBeTruthy()
    expect(screen.queryByText('the boundary’s fallback')).toBeNull()
  })

  it('a chunk that keeps failing online reaches the error boundary after its retries, as a lazy screen’s would', async () => {
    const load = vi.fn(() => Promise.reject<typeof Screen>(new Error('unreachable')))
    const Deferred = deferredScreen(load, { isOnline: () => true, nextOnline: async () => {}, sleep: async () => {} })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <Boundary>
        <Deferred fallback={fallback} />
      </Boundary>,
    )
    await act(() => Deferred.preload())
    expect(screen.getByText('failed')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1 + ONLINE_RETRY_DELAYS_MS.length)
    vi.mocked(console.error).mockRestore()
  })

  it('a chunk that fails offline is asked for again when the browser is back online, and shows', async () => {
    let online = false
    let backOnline!: () => void
    const load = vi.fn(() => (online ? Promise.resolve(Screen) : Promise.reject<typeof Screen>(new Error('offline'))))
    const Deferred = deferredScreen(load, {
      isOnline: () => online,
      nextOnline: () => new Promise<void>((resolve) => (backOnline = resolve)),
      sleep: async () => {},
    })
    render(<Deferred fallback={fallback} />)
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    expect(screen.getByText('the fallback')).toBeTruthy()
    online = true
    await act(async () => {
      backOnline()
      await Deferred.preload()
    })
    expect(screen.getByText('the screen')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })
})

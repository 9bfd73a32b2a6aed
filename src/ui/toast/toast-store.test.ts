import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dismissToast, toast, TOAST_DURATION_MS, useToastStore } from './toast-store'

const titles = () => useToastStore.getState().toasts.map((t) => t.title)

describe('toast store (docs/product.md §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    dismissToast()
    vi.useRealTimers()
  })

  it('shows at most one toast: a newer one replaces the one on screen', () => {
    toast({ title: 'Filters applied' })
    toast({ title: 'Added to favorites' })
    expect(titles()).toEqual(['Added to favorites'])
  })

  it('closes a toast after 5000 ms by default', () => {
    toast({ title: 'Subscribed successfully!' })
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(titles()).toEqual(['Subscribed successfully!'])
    vi.advanceTimersByTime(1)
    expect(titles()).toEqual([])
  })

  it('keeps a toast for its own duration when given one', () => {
    toast({ title: 'Payment successful!', durationMs: 8000 })
    vi.advanceTimersByTime(TOAST_DURATION_MS)
    expect(titles()).toEqual(['Payment successful!'])
    vi.advanceTimersByTime(3000)
    expect(titles()).toEqual([])
  })

  it("a replaced toast's timer does not close its successor early", () => {
    toast({ title: 'first' })
    vi.advanceTimersByTime(4000)
    toast({ title: 'second' })
    vi.advanceTimersByTime(1500)
    expect(titles()).toEqual(['second'])
  })

  it('marks the destructive variant and defaults to the normal one', () => {
    toast({
      title: 'Authentication required',
      description: 'Please sign in to upgrade your subscription',
      destructive: true,
    })
    expect(useToastStore.getState().toasts[0]).toMatchObject({
      variant: 'destructive',
      description: 'Please sign in to upgrade your subscription',
    })
    toast({ title: 'Subscribed successfully!' })
    expect(useToastStore.getState().toasts[0]?.variant).toBe('default')
  })

  it('dismisses one toast by id', () => {
    const id = toast({ title: 'Message sent!' })
    dismissToast(id + 1)
    expect(titles()).toEqual(['Message sent!'])
    dismissToast(id)
    expect(titles()).toEqual([])
  })
})

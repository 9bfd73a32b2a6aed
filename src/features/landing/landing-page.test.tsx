// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LandingPage } from './landing-page'

// A section that reads neither the session nor the data layer, as it is, counting its renders.
const section = vi.hoisted(() => ({ renders: 0 }))
vi.mock('./components/how-it-works-section', async (actual) => {
  const { HowItWorksSection } = await actual<typeof import('./components/how-it-works-section')>()
  return {
    HowItWorksSection: () => {
      section.renders++
      return <HowItWorksSection />
    },
  }
})

afterEach(cleanup)

describe('the landing page', () => {
  it('re-renders the sections that show the session when it arrives, not the static ones (TBT)', () => {
    const page = (signedIn: boolean) => (
      <MemoryRouter>
        <LandingPage signedIn={signedIn} cardsReady={false} />
      </MemoryRouter>
    )
    const { rerender } = render(page(false))
    const before = section.renders
    expect(before).toBeGreaterThan(0)
    rerender(page(true))
    expect(section.renders).toBe(before)
    // The sections that read it did change: "Start Selling" leads to the sell flow now, not to sign-in.
    expect(screen.getByRole('link', { name: 'Start Selling' })).toHaveAttribute('href', '/sell')
  })
})

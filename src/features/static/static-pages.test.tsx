// @vitest-environment happy-dom
import type { ReactElement } from 'react'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { CONTACT_EMAIL } from '@/domain/constants'
import { JoinMovementPage } from './join-movement-page'
import { OurStoryPage } from './our-story-page'
import { PrivacyPolicyPage } from './privacy-policy-page'
import { TermsPage } from './terms-page'

const page = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>)
const paragraphOf = (text: string) =>
  screen.getByText((_, el) => el?.tagName === 'P' && (el.textContent ?? '').includes(text))

afterEach(cleanup)

describe('the static pages, worded from the catalogue', () => {
  it('terms: the age from the constants, the contact address as a link inside its sentence, the update date', () => {
    page(<TermsPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument()
    expect(screen.getByText('Last updated: 1 January 2024')).toBeInTheDocument()
    expect(paragraphOf('You must be at least 16 years old to use Kreis.')).toBeInTheDocument()
    const law = paragraphOf('These terms are governed by Swiss law.')
    expect(law).toHaveTextContent(
      `These terms are governed by Swiss law. The courts of Zurich have jurisdiction. Questions: ${CONTACT_EMAIL}.`,
    )
    expect(screen.getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute('href', `mailto:${CONTACT_EMAIL}`)
  })

  it('privacy: minimum age, what is kept, and the rights sentence with its link', () => {
    page(<PrivacyPolicyPage />)
    expect(paragraphOf('You must be at least 16 years old')).toHaveTextContent(
      'We do not knowingly keep data about anyone younger.',
    )
    expect(screen.getAllByRole('listitem')).toHaveLength(4)
    expect(paragraphOf('Write to')).toHaveTextContent(
      `You can see, correct or delete your data at any time. Write to ${CONTACT_EMAIL}.`,
    )
    expect(screen.getByRole('link', { name: CONTACT_EMAIL })).toHaveAttribute('href', `mailto:${CONTACT_EMAIL}`)
  })

  it('join the movement: the four steps and the two links of "Start today"', () => {
    page(<JoinMovementPage />)
    expect(screen.getAllByRole('listitem')[0]).toHaveTextContent('Join: Sign up in 1 minute.')
    expect(paragraphOf('or browse')).toHaveTextContent('Create your account or browse the marketplace.')
    expect(screen.getByRole('link', { name: 'Create your account' })).toHaveAttribute('href', '/auth?mode=signup')
    expect(screen.getByRole('link', { name: 'browse the marketplace' })).toHaveAttribute('href', '/shop')
  })

  it('our story: its three sections', () => {
    page(<OurStoryPage />)
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Wear stories, not trends',
      'Swiss, direct and fair',
      'Fashion that lasts',
    ])
  })
})

// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SectionCard } from './section-card'

describe('<SectionCard>', () => {
  afterEach(cleanup)

  it('is a region named by its heading, with its content inside', () => {
    render(
      <SectionCard title="Your plan">
        <p>Trial</p>
      </SectionCard>,
    )
    const region = screen.getByRole('region', { name: 'Your plan' })
    expect(within(region).getByRole('heading', { level: 2, name: 'Your plan' })).toBeInTheDocument()
    expect(within(region).getByText('Trial')).toBeInTheDocument()
  })

  it('puts the aside on the heading line and keeps two cards apart', () => {
    render(
      <>
        <SectionCard title="Details" aside={<button type="button">Edit</button>} />
        <SectionCard title="Payments" />
      </>,
    )
    const details = screen.getByRole('region', { name: 'Details' })
    expect(within(details).getByRole('button', { name: 'Edit' }).parentElement).toBe(
      within(details).getByRole('heading').parentElement,
    )
    expect(screen.getByRole('region', { name: 'Payments' })).not.toBe(details)
  })
})

// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Blob as NodeBlob } from 'node:buffer'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { remoteImageUrl } from '@/db/image-url'
import { CARD_IMAGE_SIZES, ListingCard, ListingCardSkeleton, type ListingCardProps } from './listing-card'

afterEach(cleanup)

const base: ListingCardProps = {
  title: 'Wool coat',
  price: 45,
  imageUrl: 'https://img.test/a.jpg',
  brand: 'Akris',
  size: 'M',
  location: 'Zurich',
  seller: 'Anna Müller',
  isSold: false,
  isNew: true,
  href: '/item/1',
  liked: false,
  onToggleLike: () => {},
}
const renderCard = (props: Partial<ListingCardProps> = {}) =>
  render(
    <MemoryRouter>
      <ListingCard {...base} {...props} />
    </MemoryRouter>,
  )

describe('<ListingCard /> (docs/product.md §2.2, §2.6, §3)', () => {
  it('shows photo, price in CHF, title as the link, brand · size, location · seller, the New badge and the heart', () => {
    const toggle = vi.fn()
    renderCard({ onToggleLike: toggle })
    expect(screen.getByRole('link', { name: 'Wool coat' })).toHaveAttribute('href', '/item/1')
    expect(screen.getByText('CHF 45.00')).not.toHaveClass('line-through')
    expect(screen.getByText('Size M').parentElement).toHaveTextContent(/^Akris · Size M$/)
    expect(screen.getByText('Zurich · Anna Müller')).toBeInTheDocument()
    expect(screen.getByText('New')).toBeInTheDocument()
    const img = screen.getByRole('img', { name: 'Wool coat' })
    expect(img).toHaveAttribute('crossorigin', 'anonymous')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '500'])
    fireEvent.click(screen.getByRole('button', { name: 'Add Wool coat to favorites' }))
    expect(toggle).toHaveBeenCalledOnce()
  })

  it('a long brand is cut, the size never: they are separate pieces of the line, and only the brand truncates', () => {
    renderCard({ brand: 'Acne Studios Archive Collection', size: 'One size' })
    const size = screen.getByText('Size One size')
    expect(size).not.toHaveClass('truncate')
    expect(size).toHaveClass('shrink-0')
    expect(screen.getByText('Acne Studios Archive Collection')).toHaveClass('truncate')
    cleanup()
    renderCard({ brand: null, size: 'L' })
    expect(screen.getByText('Size L').parentElement).toHaveTextContent(/^Size L$/)
    cleanup()
    renderCard({ brand: 'Akris', size: null })
    expect(screen.getByText('Akris').parentElement).toHaveTextContent(/^Akris$/)
  })

  it('a sold card cannot be clicked or liked: SOLD overlay, greyed photo, struck price, no New badge', () => {
    renderCard({ isSold: true })
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()
    expect(screen.getByText('SOLD')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Wool coat' })).toHaveClass('grayscale')
    expect(screen.getByText('CHF 45.00', { exact: false }).closest('p')).toHaveClass('line-through')
    expect(screen.queryByText('New')).toBeNull()
  })

  it('a liked heart is pressed; the first row loads its photo eagerly; no photo shows the placeholder', () => {
    renderCard({ liked: true, eager: true })
    expect(screen.getByRole('button', { name: 'Remove Wool coat from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(screen.getByRole('img', { name: 'Wool coat' })).toHaveAttribute('loading', 'eager')
    cleanup()
    renderCard({ imageUrl: null })
    expect(screen.getByRole('img', { name: 'Wool coat: No image available' })).toBeInTheDocument()
  })
})

describe('<ListingCard /> photo (docs/decisions.md#D-card-images: card image in srcset, device copy first)', () => {
  const PATH = 'u1/l1/img-1.webp'
  const dbs: KreisDatabase[] = []
  afterEach(async () => {
    vi.restoreAllMocks()
    for (const db of dbs.splice(0)) {
      db.close()
      await db.delete()
    }
  })
  const renderWithDb = (props: Partial<ListingCardProps>) => {
    const db = new KreisDatabase(`t-${crypto.randomUUID()}`)
    dbs.push(db)
    render(
      <DatabaseProvider db={db}>
        <MemoryRouter>
          <ListingCard {...base} {...props} />
        </MemoryRouter>
      </DatabaseProvider>,
    )
    return db
  }

  it('a stored photo loads from the bucket with the 480 w card image in srcset and the grid’s sizes', async () => {
    renderWithDb({ imageUrl: PATH })
    const img = await screen.findByRole('img', { name: 'Wool coat' })
    expect(img).toHaveAttribute('src', remoteImageUrl(PATH))
    expect(img).toHaveAttribute(
      'srcset',
      `${remoteImageUrl('u1/l1/img-1.card.webp')} 480w, ${remoteImageUrl(PATH)} 1600w`,
    )
    expect(img).toHaveAttribute('sizes', CARD_IMAGE_SIZES)
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['400', '500'])
  })

  it('a photo without a card image (older data) falls back to the full photo, not to the placeholder', async () => {
    renderWithDb({ imageUrl: PATH })
    fireEvent.error(await screen.findByRole('img', { name: 'Wool coat' }))
    const img = screen.getByRole('img', { name: 'Wool coat' })
    expect(img).not.toHaveAttribute('srcset')
    expect(img).toHaveAttribute('src', remoteImageUrl(PATH))
    fireEvent.error(img) // the full photo fails too: now the placeholder
    expect(screen.getByRole('img', { name: 'Wool coat: No image available' })).toBeInTheDocument()
  })

  it('an unsent photo shows from the device: its card image, without srcset', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => `blob:test/${(b as Blob).size}`)
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const db = new KreisDatabase(`t-${crypto.randomUUID()}`)
    dbs.push(db)
    // Node's Blob: it survives fake-indexeddb's structured clone with its size (happy-dom's does not).
    const row = (id: string, path: string, bytes: number) => ({
      id,
      listing_id: 'l1',
      blob: new NodeBlob([new Uint8Array(bytes)]) as Blob,
      content_type: 'image/webp',
      path,
      uploaded: false,
    })
    await db.photo_blobs.bulkPut([row('img-1', PATH, 1000), row('img-1.card', 'u1/l1/img-1.card.webp', 40)])
    render(
      <DatabaseProvider db={db}>
        <MemoryRouter>
          <ListingCard {...base} imageUrl={PATH} />
        </MemoryRouter>
      </DatabaseProvider>,
    )
    const img = await screen.findByRole('img', { name: 'Wool coat' })
    expect(img).toHaveAttribute('src', 'blob:test/40')
    expect(img).not.toHaveAttribute('srcset')
  })

  it('cards whose photos the device does not hold (a visitor’s feed) read no photo: one shared look at which it holds', async () => {
    const db = new KreisDatabase(`t-${crypto.randomUUID()}`)
    dbs.push(db)
    const get = vi.spyOn(db.photo_blobs, 'get')
    const paths = ['u1/l1/img-1.webp', 'u1/l2/img-2.webp', 'u1/l3/img-3.webp']
    render(
      <DatabaseProvider db={db}>
        <MemoryRouter>
          {paths.map((p, i) => (
            <ListingCard key={p} {...base} title={`Coat ${i}`} imageUrl={p} />
          ))}
        </MemoryRouter>
      </DatabaseProvider>,
    )
    for (const [i, p] of paths.entries())
      expect(await screen.findByRole('img', { name: `Coat ${i}` })).toHaveAttribute('src', remoteImageUrl(p))
    expect(get).not.toHaveBeenCalled()
  })

  it('a photo the device comes to hold while the card shows (a listing made on this device) switches to it', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => `blob:test/${(b as Blob).size}`)
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const db = renderWithDb({ imageUrl: PATH })
    expect(await screen.findByRole('img', { name: 'Wool coat' })).toHaveAttribute('src', remoteImageUrl(PATH))
    await db.photo_blobs.put({
      id: 'img-1',
      listing_id: 'l1',
      blob: new NodeBlob([new Uint8Array(700)]) as Blob,
      content_type: 'image/webp',
      path: PATH,
      uploaded: false,
    })
    await waitFor(() => expect(screen.getByRole('img', { name: 'Wool coat' })).toHaveAttribute('src', 'blob:test/700'))
  })

  it('an http URL is used as it is, without srcset', () => {
    renderCard({ imageUrl: 'https://img.test/a.jpg' })
    expect(screen.getByRole('img', { name: 'Wool coat' })).not.toHaveAttribute('srcset')
  })
})

describe('<ListingCardSkeleton />', () => {
  it('pulses as two blocks, the photo and its three lines: a cold /shop starts 12 at once, each animation costs its start', () => {
    const { container } = render(<ListingCardSkeleton />)
    const pulsing = container.querySelectorAll('[class*="animate-pulse"]')
    expect(pulsing).toHaveLength(2)
    // The lines still show, inside the one pulsing block.
    expect(pulsing[1]!.children).toHaveLength(3)
  })
})

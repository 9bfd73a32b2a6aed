// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { remoteImageUrl } from '@/db/image-url'
import { ListingThumb } from './listing-thumb'

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
})
afterEach(async () => {
  cleanup()
  db.close()
  await db.delete()
})

const PATH = 'u1/l1/img-1.webp'
const thumb = (url: string | null) => {
  const { container } = render(
    <DatabaseProvider db={db}>
      <ListingThumb url={url} sizePx={56} className="h-14 w-14" />
    </DatabaseProvider>,
  )
  return container
}

describe('<ListingThumb /> (docs/product.md#R-photo-offline: thumbnails load the card image)', () => {
  it('a stored photo: the 480 w card image in srcset for a 56 px square, so the browser never takes the 1600 px photo', async () => {
    const container = thumb(PATH)
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull())
    const img = container.querySelector('img')!
    expect(img).toHaveAttribute(
      'srcset',
      `${remoteImageUrl('u1/l1/img-1.card.webp')} 480w, ${remoteImageUrl(PATH)} 1600w`,
    )
    expect(img).toHaveAttribute('sizes', '56px')
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['56', '56'])
  })

  it('no photo: the placeholder says there is none', async () => {
    thumb(null)
    expect(await screen.findByRole('img', { name: 'No image available' })).toBeInTheDocument()
  })
})

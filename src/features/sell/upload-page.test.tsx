// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { KreisDatabase } from '@/db/database'
import { DatabaseProvider } from '@/db/database-context'
import { sessionStore } from '@/sync/signed-in-user'
import { UploadPage } from './upload-page'

vi.mock('./photos/compress-photo', () => ({
  compressPhoto: async (file: File) => {
    if (file.name.includes('corrupt')) throw new Error('cannot decode')
    return {
      blob: new Blob([file.name], { type: 'image/webp' }),
      card: new Blob(['card'], { type: 'image/webp' }),
      contentType: 'image/webp',
    }
  },
}))

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  sessionStore.setState({ status: 'signed-in', userId: 'u1', email: 'anna@demo.kreis.ch' }, true)
  URL.createObjectURL = vi.fn((b: Blob) => `blob:${b.size}-${Math.random()}`)
  URL.revokeObjectURL = vi.fn()
})
afterEach(async () => {
  cleanup()
  db.close()
  await db.delete()
})

const file = (name: string, type = 'image/jpeg') => new File(['x'], name, { type })
const pick = (...files: File[]) => fireEvent.change(screen.getByTestId('photo-input'), { target: { files } })

function renderUpload() {
  render(
    <DatabaseProvider db={db}>
      <MemoryRouter initialEntries={['/sell/upload']}>
        <Routes>
          <Route path="/sell/upload" element={<UploadPage />} />
          <Route path="/sell/details" element={<p>details step</p>} />
          <Route path="/auth" element={<p>auth page</p>} />
        </Routes>
      </MemoryRouter>
    </DatabaseProvider>,
  )
}

const grid = () => screen.getByRole('list', { name: 'Upload Photos' })

describe('upload step (docs/product.md §2.10, §4, §5 photos)', () => {
  it('counts photos with the red minimum hint, labels the first Primary, and enables Next at 2', async () => {
    renderUpload()
    expect(await screen.findByText('0/10 photos uploaded')).toBeInTheDocument()
    expect(screen.getByText('(minimum 2 required)')).toHaveClass('text-red-700')
    expect(screen.getByRole('button', { name: 'Next: Item Details' })).toBeDisabled()

    pick(file('a.jpg'))
    expect(await screen.findByText('1/10 photos uploaded')).toBeInTheDocument()
    expect(screen.getByText('(minimum 2 required)')).toBeInTheDocument()
    pick(file('b.png', 'image/png'))
    expect(await screen.findByText('2/10 photos uploaded')).toBeInTheDocument()
    expect(screen.queryByText('(minimum 2 required)')).toBeNull()
    const tiles = within(grid()).getAllByRole('listitem')
    expect(within(tiles[0]!).getByText('Primary')).toBeInTheDocument()
    expect(within(tiles[1]!).queryByText('Primary')).toBeNull()
    expect(within(tiles[0]!).getByText('On this device')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next: Item Details' })).toBeEnabled()
    // Stored in the draft at once: blob and card image.
    const stored = await db.draft_photos.toArray()
    expect(stored).toHaveLength(2)
    expect(stored.every((p) => Boolean((p as unknown as { card_blob: Blob | null }).card_blob))).toBe(true)
  })

  it('ignores files beyond the remaining capacity and hides the drop zone at 10; removing one brings it back', async () => {
    renderUpload()
    await screen.findByText('0/10 photos uploaded')
    pick(...Array.from({ length: 12 }, (_, i) => file(`p${i}.webp`, 'image/webp')))
    expect(await screen.findByText('10/10 photos uploaded', undefined, { timeout: 4000 })).toBeInTheDocument()
    expect(await db.draft_photos.count()).toBe(10)
    expect(screen.queryByRole('button', { name: 'Drag photos here or click to choose' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo 3' }))
    expect(await screen.findByText('9/10 photos uploaded', undefined, { timeout: 4000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Drag photos here or click to choose' })).toBeInTheDocument()
  }, 20_000)

  it('explains a HEIC or unreadable file and keeps the others; other types are ignored silently', async () => {
    renderUpload()
    await screen.findByText('0/10 photos uploaded')
    pick(file('IMG_0001.HEIC', 'image/heic'), file('a.jpg'), file('notes.txt', 'text/plain'), file('corrupt.jpg'))
    expect(await screen.findByText(/IMG_0001\.HEIC is a HEIC photo/)).toBeInTheDocument()
    expect(await screen.findByText(/corrupt\.jpg could not be read/)).toBeInTheDocument()
    expect(await screen.findByText('1/10 photos uploaded')).toBeInTheDocument()
    expect(screen.queryByText(/notes\.txt/)).toBeNull()
    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!)
    await waitFor(() => expect(screen.queryByText(/IMG_0001\.HEIC/)).toBeNull())
  })

  it('keeps the photos across a remount (reload) and sends a signed-out visitor to /auth', async () => {
    renderUpload()
    await screen.findByText('0/10 photos uploaded')
    pick(file('a.jpg'), file('b.jpg'))
    await screen.findByText('2/10 photos uploaded')
    cleanup()
    renderUpload()
    expect(await screen.findByText('2/10 photos uploaded')).toBeInTheDocument()
    cleanup()
    act(() => sessionStore.setState({ status: 'signed-out' }, true))
    renderUpload()
    expect(await screen.findByText('auth page')).toBeInTheDocument()
  })
})

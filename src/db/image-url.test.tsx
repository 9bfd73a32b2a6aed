// @vitest-environment happy-dom
import 'fake-indexeddb/auto'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { env } from '@/config/env'
import { KreisDatabase } from './database'
import { DatabaseProvider } from './database-context'
import { localPhoto, remoteImageUrl, useImageSrc } from './image-url'

const open: KreisDatabase[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

function setup() {
  const db = new KreisDatabase(`t-${crypto.randomUUID()}`)
  open.push(db)
  const wrapper = ({ children }: { children: ReactNode }) => <DatabaseProvider db={db}>{children}</DatabaseProvider>
  let n = 0
  const create = vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${++n}`)
  const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  return { db, wrapper, create, revoke }
}

const PATH = 'u1/l1/img-1.webp'
const blobRow = (path = PATH, id = 'img-1') => ({
  id,
  listing_id: 'l1',
  blob: new Blob(['x']),
  content_type: 'image/webp',
  path,
  uploaded: false,
})

describe('localPhoto', () => {
  it('finds the blob by the path’s file name, and only for exactly that path', async () => {
    const { db } = setup()
    await db.photo_blobs.put(blobRow())
    expect((await localPhoto(db, PATH))?.id).toBe('img-1')
    expect(await localPhoto(db, 'u2/l1/img-1.webp')).toBeUndefined()
    expect(await localPhoto(db, 'https://cdn.example/img-1.webp')).toBeUndefined()
  })
})

describe('useImageSrc', () => {
  it('http(s) URLs as they are, no image as null', () => {
    const { wrapper } = setup()
    expect(renderHook(() => useImageSrc('https://cdn.example/a.jpg'), { wrapper }).result.current).toBe(
      'https://cdn.example/a.jpg',
    )
    expect(renderHook(() => useImageSrc(null), { wrapper }).result.current).toBeNull()
  })

  it('a storage path the device holds no blob for: the bucket’s public URL', async () => {
    const { wrapper } = setup()
    const { result } = renderHook(() => useImageSrc('u1/l1/other.jpg'), { wrapper })
    await waitFor(() =>
      expect(result.current).toBe(`${env.supabaseUrl}/storage/v1/object/public/listing-images/u1/l1/other.jpg`),
    )
    expect(remoteImageUrl('u1/l1/other.jpg', 'http://x')).toBe(
      'http://x/storage/v1/object/public/listing-images/u1/l1/other.jpg',
    )
  })

  it('an unsent photo: an object URL of its blob (never the remote URL), revoked after unmount; the remote URL once the blob goes', async () => {
    const { db, wrapper, create, revoke } = setup()
    await db.photo_blobs.put(blobRow())
    const { result, unmount } = renderHook(() => useImageSrc(PATH), { wrapper })
    expect(result.current).toBeNull()
    await waitFor(() => expect(result.current).toBe('blob:test/1'))
    expect(create).toHaveBeenCalledTimes(1)

    await act(() => db.photo_blobs.delete('img-1')) // acknowledged: the blob is cleaned up
    await waitFor(() => expect(result.current).toBe(remoteImageUrl(PATH)))
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('blob:test/1'))
    unmount()
  })

  it('each component’s URL is revoked when it unmounts, not before', async () => {
    const { db, wrapper, revoke } = setup()
    await db.photo_blobs.put(blobRow())
    const a = renderHook(() => useImageSrc(PATH), { wrapper })
    const b = renderHook(() => useImageSrc(PATH), { wrapper })
    await waitFor(() => expect(a.result.current && b.result.current).toBeTruthy())
    const [urlA, urlB] = [a.result.current, b.result.current]
    await new Promise((r) => setTimeout(r, 5))
    expect(revoke).not.toHaveBeenCalled()
    a.unmount()
    await waitFor(() => expect(revoke.mock.calls).toEqual([[urlA]]))
    b.unmount()
    await waitFor(() => expect(revoke.mock.calls).toEqual([[urlA], [urlB]]))
  })
})

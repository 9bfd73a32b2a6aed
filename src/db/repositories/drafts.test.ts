// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '../database'
import { addDraftPhotos, deleteDraft, draftPhotos, getDraft, saveDraft, setDraftPhotoOrder } from './drafts'
import { favouriteIds, toggleFavourite } from './favourites'

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`drafts-${Math.random()}`)
})
afterEach(async () => {
  db.close()
  await db.delete()
})

const photo = (id: string) => ({ id, blob: new Blob([id]), content_type: 'image/webp' })

describe('sell-flow drafts', () => {
  it('keep fields and photo blobs, reorder and remove photos together, and go away whole', async () => {
    await saveDraft(db, { id: 'd1', listing_id: null, fields: { title: 'Coat' } }, 1)
    await addDraftPhotos(db, 'd1', [photo('a'), photo('b')])
    await addDraftPhotos(db, 'd1', [photo('c')])
    expect((await draftPhotos(db, 'd1')).map((p) => p.id)).toEqual(['a', 'b', 'c'])
    await setDraftPhotoOrder(db, 'd1', ['c', 'a'])
    const photos = await draftPhotos(db, 'd1')
    expect(photos.map((p) => [p.id, p.position])).toEqual([
      ['c', 0],
      ['a', 1],
    ])
    expect(await photos[0]!.blob.text()).toBe('c')
    expect((await getDraft(db, 'd1'))?.fields).toEqual({ title: 'Coat' })
    await deleteDraft(db, 'd1')
    expect(await getDraft(db, 'd1')).toBeUndefined()
    expect(await db.draft_photos.count()).toBe(0)
  })
})

describe('favourites', () => {
  it('toggle on and off, newest first', async () => {
    expect(await toggleFavourite(db, 'l1', 1)).toBe(true)
    expect(await toggleFavourite(db, 'l2', 2)).toBe(true)
    expect(await favouriteIds(db)).toEqual(['l2', 'l1'])
    expect(await toggleFavourite(db, 'l1', 3)).toBe(false)
    expect(await favouriteIds(db)).toEqual(['l2'])
  })
})

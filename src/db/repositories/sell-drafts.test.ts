// @vitest-environment node
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from '../database'
import {
  appendSellDraftPhotos,
  currentNewDraft,
  deleteDraft,
  editDraftId,
  resumeDraft,
  sellDraftPhotos,
  setDraftPhotoOrder,
  startEditDraft,
  startNewDraft,
  unfinishedDrafts,
  updateDraftFields,
} from './drafts'

let db: KreisDatabase
beforeEach(() => {
  db = new KreisDatabase(`sell-drafts-${Math.random()}`)
})
afterEach(async () => {
  db.close()
  await db.delete()
})

const photo = (id: string) => ({
  id,
  blob: new Blob([id]),
  card_blob: new Blob([`${id}-card`]),
  content_type: 'image/webp',
  image_url: null,
})

describe('new-listing drafts (docs/product.md §2.1 reset, docs/decisions.md#D-sell-drafts "offer to continue")', () => {
  it('a reset starts an empty form and keeps the previous one, with its photos, to be continued', async () => {
    const first = await startNewDraft(db, 1, 'd1')
    await updateDraftFields(db, first, { title: 'Wool coat' }, 2)
    await appendSellDraftPhotos(db, first, [photo('a'), photo('b')], 3)
    expect((await currentNewDraft(db))?.id).toBe('d1')

    const second = await startNewDraft(db, 4, 'd2')
    expect((await currentNewDraft(db))?.id).toBe(second)
    const offered = await unfinishedDrafts(db)
    expect(offered.map((o) => [o.draft.id, o.photoCount, o.draft.fields.title])).toEqual([['d1', 2, 'Wool coat']])
    expect(await offered[0]!.cover!.text()).toBe('a-card')

    await resumeDraft(db, 'd1', 5)
    expect((await currentNewDraft(db))?.id).toBe('d1')
    expect((await sellDraftPhotos(db, 'd1')).map((p) => p.id)).toEqual(['a', 'b'])
  })

  it('drops empty drafts on reset instead of offering them', async () => {
    await startNewDraft(db, 1, 'd1')
    await updateDraftFields(db, 'd1', { title: '', price: 0, category: 'women' }, 2)
    await startNewDraft(db, 3, 'd2')
    expect(await db.drafts.get('d1')).toBeUndefined()
    expect(await unfinishedDrafts(db)).toEqual([])
  })

  it('appends after the last position even after a removal, and reorders', async () => {
    await startNewDraft(db, 1, 'd1')
    await appendSellDraftPhotos(db, 'd1', [photo('a'), photo('b'), photo('c')], 2)
    await setDraftPhotoOrder(db, 'd1', ['c', 'a'])
    await appendSellDraftPhotos(db, 'd1', [photo('d')], 3)
    expect((await sellDraftPhotos(db, 'd1')).map((p) => p.id)).toEqual(['c', 'a', 'd'])
    await deleteDraft(db, 'd1')
    expect(await db.draft_photos.count()).toBe(0)
  })
})

describe('edit drafts', () => {
  it('start from the listing with its server images as blob-less photos, and restart cleanly', async () => {
    const id = await startEditDraft(
      db,
      'L1',
      { title: 'Coat' },
      [
        { id: 'i1', image_url: 'u/L1/i1.webp' },
        { id: 'i2', image_url: 'u/L1/i2.webp' },
      ],
      1,
    )
    expect(id).toBe(editDraftId('L1'))
    await appendSellDraftPhotos(db, id, [photo('n1')], 2)
    expect((await sellDraftPhotos(db, id)).map((p) => [p.id, p.image_url, p.blob === null])).toEqual([
      ['i1', 'u/L1/i1.webp', true],
      ['i2', 'u/L1/i2.webp', true],
      ['n1', null, false],
    ])
    await startEditDraft(db, 'L1', { title: 'Coat 2' }, [{ id: 'i2', image_url: 'u/L1/i2.webp' }], 3)
    expect((await sellDraftPhotos(db, id)).map((p) => p.id)).toEqual(['i2'])
    expect(await currentNewDraft(db)).toBeUndefined()
  })
})

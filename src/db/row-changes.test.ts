// @vitest-environment node
// The database's own notices of row writes (what the feed projection and the inbox follow instead of Dexie's
// internals): every kind of write to a followed table names its rows, of any number, and the other tabs hear them.
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { KreisDatabase } from './database'
import type { RowChange } from './row-changes'
import type { ListingRow } from './rows'

const open: KreisDatabase[] = []
afterEach(async () => {
  for (const db of open.splice(0)) {
    db.close()
    await db.delete()
  }
})

const row = (i: number, over: Partial<ListingRow> = {}): ListingRow => ({
  id: `l${String(i).padStart(4, '0')}`,
  user_id: `u${i % 3}`,
  title: `item ${i}`,
  description: '',
  price: 10,
  condition: 'very_good',
  category: 'men',
  product_type: null,
  brand: null,
  size: null,
  fabric: null,
  location: null,
  tags: null,
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  edited_at: '2026-01-01T00:00:00.000Z',
  sync_state: 'synced',
  cover_image_url: null,
  seller_first_name: null,
  seller_last_name: null,
  ...over,
})

async function setup() {
  const db = new KreisDatabase(`changes-${Math.random()}`)
  open.push(db)
  await db.listings.bulkPut(Array.from({ length: 5 }, (_, i) => row(i)))
  const heard: RowChange[] = []
  db.rowChanges.subscribe('listings', (c) => heard.push(c))
  return { db, heard }
}

const ids = (heard: RowChange[]) => heard.flatMap((c) => ('ids' in c ? [...c.ids] : ['*']))

describe('row change notices (listings)', () => {
  it.each<[string, (db: KreisDatabase) => Promise<unknown>, string[]]>([
    ['a put', (db) => db.listings.put(row(7)), ['l0007']],
    ['an add', (db) => db.listings.add(row(8)), ['l0008']],
    ['an update', (db) => db.listings.update('l0001', { title: 'x' }), ['l0001']],
    [
      'a modify over an index',
      (db) =>
        db.listings
          .where('[user_id+created_at]')
          .between(['u1', Dexie.minKey], ['u1', Dexie.maxKey])
          .modify({ title: 'y' }),
      ['l0001', 'l0004'],
    ],
    ['a delete', (db) => db.listings.delete('l0002'), ['l0002']],
    ['a bulk delete', (db) => db.listings.bulkDelete(['l0002', 'l0003']), ['l0002', 'l0003']],
    [
      'a delete over an index',
      (db) =>
        db.listings
          .where('[status+created_at]')
          .between(['active', Dexie.minKey], ['active', Dexie.maxKey])
          .filter((l) => l.id === 'l0000')
          .delete(),
      ['l0000'],
    ],
    ['a clear', (db) => db.listings.clear(), ['*']],
    [
      'a write to another table',
      (db) =>
        db.profiles.put({
          id: 'p',
          first_name: null,
          last_name: null,
          location: null,
          profile_picture_url: null,
          created_at: '',
          updated_at: '',
        }),
      [],
    ],
  ])('%s names its rows', async (_name, write, expected) => {
    const { db, heard } = await setup()
    await write(db)
    expect(ids(heard).sort()).toEqual(expected)
  })

  it('a bulk write names every row, however many (Dexie’s own events name keys only below 50 per call)', async () => {
    const { db, heard } = await setup()
    await db.listings.bulkPut(Array.from({ length: 600 }, (_, i) => row(100 + i)))
    expect(new Set(ids(heard)).size).toBe(600)
  })

  it('another connection to the database (another tab) hears the writes, this one does not hear itself twice', async () => {
    const { db, heard } = await setup()
    const other = new KreisDatabase(db.name)
    const there: RowChange[] = []
    other.rowChanges.subscribe('listings', (c) => there.push(c))
    try {
      await db.listings.put(row(9))
      await other.listings.delete('l0001')
      await new Promise((r) => setTimeout(r, 50))
      expect(ids(there)).toEqual(['l0009', 'l0001'])
      expect(ids(heard)).toEqual(['l0009', 'l0001'])
    } finally {
      other.close()
    }
  })

  it('stops telling a closed database’s listeners', async () => {
    const { db, heard } = await setup()
    db.close({ disableAutoOpen: false })
    await db.listings.put(row(10))
    expect(heard).toEqual([])
  })
})

describe('row change notices of the other followed tables', () => {
  it('tell each table’s own followers only, and refuse a table that is not followed', async () => {
    const db = new KreisDatabase(`changes-${Math.random()}`)
    open.push(db)
    const conversations: RowChange[] = []
    const messages: RowChange[] = []
    db.rowChanges.subscribe('conversations', (c) => conversations.push(c))
    db.rowChanges.subscribe('messages', (c) => messages.push(c))
    await db.messages.put({
      id: 'm1',
      conversation_id: 'c1',
      listing_id: 'l1',
      sender_id: 'a',
      receiver_id: 'b',
      content: 'hi',
      created_at: '2026-01-01T00:00:00.000Z',
      sync_state: 'synced',
    } as never)
    await db.favourites.put({ listing_id: 'l1', created_at: 1 } as never)
    expect(ids(messages)).toEqual(['m1'])
    expect(conversations).toEqual([])
    expect(() => db.rowChanges.subscribe('favourites', () => {})).toThrow(/favourites/)
  })
})

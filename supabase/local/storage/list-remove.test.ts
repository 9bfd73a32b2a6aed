import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack, type TestUser } from '../testing/test-stack.ts'
import { createFixtureBuckets, PNG, stored } from '../testing/storage-fixtures.ts'

let ts: TestStack
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  ts = await startTestStack()
  await createFixtureBuckets(ts)
  alice = await ts.newUser()
  bob = await ts.newUser()
  const b = alice.client.storage.from('fixture-public')
  for (const n of ['a.png', 'B.png', 'c.png', 'listing-1/1.png', 'listing-1/2.png', 'listing-2/1.png']) {
    const { error } = await b.upload(`${alice.id}/${n}`, PNG, { contentType: 'image/png' })
    if (error) throw error
  }
  await bob.client.storage.from('fixture-public').upload(`${bob.id}/keep.png`, PNG, { contentType: 'image/png' })
})
afterAll(() => ts?.stop())

describe('list: POST /object/list/:bucket', () => {
  it('lists one folder level: files as FileObjects, sub-folders as entries with null id', async () => {
    const { data, error } = await alice.client.storage.from('fixture-public').list(alice.id)
    expect(error).toBeNull()
    expect(data!.map((e) => e.name)).toEqual(['B.png', 'a.png', 'c.png', 'listing-1', 'listing-2'])
    expect(data!.find((e) => e.name === 'listing-1')).toMatchObject({ id: null, metadata: null, created_at: null })
    expect(data!.find((e) => e.name === 'a.png')).toMatchObject({
      id: expect.any(String),
      metadata: { mimetype: 'image/png', size: PNG.length },
    })
  })

  it('lists the top level as folders', async () => {
    const { data } = await alice.client.storage.from('fixture-public').list()
    expect(data!.map((e) => e.name)).toEqual(expect.arrayContaining([alice.id, bob.id]))
    expect(data!.every((e) => e.id === null)).toBe(true)
  })

  it('pages with limit and offset, sorts descending, and filters by search', async () => {
    const b = alice.client.storage.from('fixture-public')
    const page = await b.list(alice.id, { limit: 2, offset: 1 })
    expect(page.data!.map((e) => e.name)).toEqual(['a.png', 'c.png'])
    const desc = await b.list(alice.id, { sortBy: { column: 'name', order: 'desc' } })
    expect(desc.data![0]!.name).toBe('listing-2')
    const found = await b.list(alice.id, { search: 'LIST' })
    expect(found.data!.map((e) => e.name)).toEqual(['listing-1', 'listing-2'])
  })

  it("shows a private bucket's objects only to whom RLS lets see them", async () => {
    await alice.client.storage.from('fixture-private').upload(`${alice.id}/mine.png`, PNG, { contentType: 'image/png' })
    expect((await alice.client.storage.from('fixture-private').list(alice.id)).data!.map((e) => e.name)).toEqual([
      'mine.png',
    ])
    expect((await bob.client.storage.from('fixture-private').list(alice.id)).data).toEqual([])
  })
})

describe('remove: DELETE /object/:bucket {prefixes}', () => {
  it("deletes the caller's objects in one batch, answers their FileObjects and removes the bytes", async () => {
    const names = [`${alice.id}/listing-2/1.png`, `${alice.id}/c.png`]
    const { data, error } = await alice.client.storage.from('fixture-public').remove(names)
    expect(error).toBeNull()
    expect(data!.map((o) => o.name).sort()).toEqual([...names].sort())
    expect(data![0]).toMatchObject({ bucket_id: 'fixture-public', id: expect.any(String), owner: alice.id })
    for (const n of names) expect(await stored(ts, 'fixture-public', n)).toEqual({ row: false, file: false })
  })

  it('leaves alone what RLS does not let the caller delete, and reports only what it deleted', async () => {
    const { data, error } = await alice.client.storage
      .from('fixture-public')
      .remove([`${bob.id}/keep.png`, `${alice.id}/a.png`])
    expect(error).toBeNull()
    expect(data!.map((o) => o.name)).toEqual([`${alice.id}/a.png`])
    expect(await stored(ts, 'fixture-public', `${bob.id}/keep.png`)).toEqual({ row: true, file: true })
  })

  it('answers an empty list for names that do not exist', async () => {
    const { data, error } = await alice.client.storage.from('fixture-public').remove([`${alice.id}/ghost.png`])
    expect(error).toBeNull()
    expect(data).toEqual([])
  })

  it('refuses a body without a list of names with 400', async () => {
    const res = await fetch(`${ts.url}/storage/v1/object/fixture-public`, {
      method: 'DELETE',
      headers: { apikey: ts.anonKey, authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: 'a.png' }),
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ statusCode: '400' })
  })
})

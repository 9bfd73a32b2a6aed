/**
 * PostgREST v13 conformance (docs/decisions.md#D-postgrest-parity), part 2: how embeds resolve — foreign-key names and columns as targets,
 * many-to-many through a junction, self-relationships, relationships through views, computed fields and computed
 * relationships, empty embeds, and the ambiguity / not-found errors with PostgREST's shapes.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { createCompatFixture } from '../testing/rest-compat-fixture.ts'

let ts: TestStack
let anon: SupabaseClient

beforeAll(async () => {
  ts = await startTestStack()
  await createCompatFixture(ts)
  anon = ts.anon()
})

afterAll(async () => {
  await ts?.stop()
})

describe('embed targets', () => {
  it('embeds through a foreign-key name, from either side', async () => {
    const fwd = await anon.from('pairs').select('id, pairs_first_fkey(handle)').order('id')
    expect(fwd.error).toBeNull()
    expect(fwd.data).toEqual([
      { id: 1, pairs_first_fkey: { handle: 'ada' } },
      { id: 2, pairs_first_fkey: { handle: 'cy' } },
    ])
    const back = await anon.from('members').select('handle, pairs_second_fkey(id)').eq('handle', 'ada').single()
    expect(back.data).toEqual({ handle: 'ada', pairs_second_fkey: [{ id: 2 }] })
  })

  it('embeds through a foreign-key column name, keyed by that name', async () => {
    const { data, error } = await anon.from('posts').select('id, author(handle, mood)').eq('id', 3).single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: 3, author: { handle: 'bob', mood: null } })
  })

  it('embeds many-to-many through the junction table, and names the junction as a hint', async () => {
    const { data, error } = await anon
      .from('goods')
      .select('name, labels(name)')
      .order('id')
      .order('id', { referencedTable: 'labels' })
    expect(error).toBeNull()
    expect(data).toEqual([
      { name: 'Kettle', labels: [{ name: 'kitchen' }, { name: 'electric' }] },
      { name: 'Lamp', labels: [{ name: 'electric' }, { name: 'home' }] },
      { name: 'Rug', labels: [] },
    ])
    const back = await anon.from('labels').select('name, goods!good_labels(name)').eq('id', 2).single()
    expect(back.data).toEqual({ name: 'electric', goods: [{ name: 'Kettle' }, { name: 'Lamp' }] })
  })

  it('resolves a self-relationship: the column for the parent, the table (or a hint) for the children', async () => {
    const parent = await anon.from('staff').select('name, boss_id(name)').eq('id', 3).single()
    expect(parent.data).toEqual({ name: 'Dev', boss_id: { name: 'Lead' } })
    const children = await anon
      .from('staff')
      .select('name, staff(name)')
      .eq('id', 1)
      .order('id', { referencedTable: 'staff' })
      .single()
    expect(children.data).toEqual({ name: 'Chief', staff: [{ name: 'Lead' }, { name: 'Ops' }] })
    const hinted = await anon.from('staff').select('name, reports:staff!boss_id(name)').eq('id', 2).single()
    expect(hinted.data).toEqual({ name: 'Lead', reports: [{ name: 'Dev' }] })
  })

  it('embeds through a view whose columns pass a table key through, both ways', async () => {
    const fromView = await anon.from('room_posts').select('id, rooms(slug)').eq('id', 3).single()
    expect(fromView.error).toBeNull()
    expect(fromView.data).toEqual({ id: 3, rooms: { slug: 'random' } })
    const toView = await anon.from('rooms').select('slug, room_posts(id)').eq('id', 2).single()
    expect(toView.data).toEqual({ slug: 'random', room_posts: [{ id: 3 }] })
  })

  it('follows a view over a view (renamed columns) to the base table key', async () => {
    const { data, error } = await anon.from('recent_posts').select('post_id, rooms(slug)').order('post_id').limit(2)
    expect(error).toBeNull()
    expect(data).toEqual([
      { post_id: 2, rooms: { slug: 'general' } },
      { post_id: 3, rooms: { slug: 'random' } },
    ])
  })
})

describe('empty embeds', () => {
  it('leaves an empty embed out of the output, and still filters parents with !inner', async () => {
    const plain = await anon.from('posts').select('id, members()').eq('id', 1)
    expect(plain.data).toEqual([{ id: 1 }])
    const inner = await anon.from('posts').select('id, members!inner()').eq('members.mood', 'happy').order('id')
    expect(inner.data).toEqual([{ id: 1 }, { id: 2 }])
  })
})

describe('related orders', () => {
  it('orders parents by a column of a to-one embed, rel(col)', async () => {
    const { data, error } = await anon
      .from('posts')
      .select('id, rooms(slug)')
      .lt('id', 5)
      .order('rooms(slug)', { ascending: false })
      .order('id')
    expect(error).toBeNull()
    expect((data ?? []).map((r) => r.id)).toEqual([3, 1, 2, 4])
    const computed = await anon.from('posts').select('id, writer(born)').lt('id', 5).order('writer(born)').order('id')
    expect((computed.data ?? []).map((r) => r.id)).toEqual([3, 1, 2, 4])
  })

  it('refuses a related order on a to-many embed (PGRST118) or on a resource not embedded (PGRST108)', async () => {
    const many = await anon.from('rooms').select('slug, posts(id)').order('posts(id)')
    expect(many.status).toBe(400)
    expect(many.error).toEqual({
      code: 'PGRST118',
      message: "A related order on 'posts' is not possible",
      details: "'rooms' and 'posts' do not form a many-to-one or one-to-one relationship",
      hint: null,
    })
    const absent = await anon.from('posts').select('id').order('rooms(slug)')
    expect(absent.error?.code).toBe('PGRST108')
  })
})

describe('null-embed filters', () => {
  it('keeps parents whose embed found rows (not.is.null) or none (is.null), counted the same way', async () => {
    const leaves = await anon.from('staff').select('name, staff()', { count: 'exact' }).is('staff', null).order('id')
    expect(leaves.error).toBeNull()
    expect([leaves.data, leaves.count]).toEqual([[{ name: 'Dev' }, { name: 'Ops' }], 2])
    const bosses = await anon
      .from('staff')
      .select('name, staff(name)')
      .not('staff', 'is', null)
      .order('id')
      .order('id', { referencedTable: 'staff' })
    expect(bosses.data).toEqual([
      { name: 'Chief', staff: [{ name: 'Lead' }, { name: 'Ops' }] },
      { name: 'Lead', staff: [{ name: 'Dev' }] },
    ])
  })

  it('answers 400 PGRST120 for any other operator on an embedded resource', async () => {
    const res = await anon.from('staff').select('name, staff()').eq('staff', 1)
    expect(res.status).toBe(400)
    expect(res.error).toEqual({
      code: 'PGRST120',
      message: "Bad operator on the 'staff' embedded resource",
      details: 'Only is null or not is null filters are allowed on embedded resources',
      hint: null,
    })
  })
})

describe('functions of a row', () => {
  it('selects, filters and orders by a computed field', async () => {
    const { data, error } = await anon.from('posts').select('id, shout').not('body', 'is', null).order('shout')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 2, shout: 'AGAIN' },
      { id: 1, shout: 'HELLO' },
      { id: 3, shout: 'HI' },
    ])
    const filtered = await anon.from('posts').select('id').eq('shout', 'HI')
    expect(filtered.data).toEqual([{ id: 3 }])
  })

  it('embeds a computed relationship (setof … rows 1 is one object)', async () => {
    const { data, error } = await anon.from('posts').select('id, writer(handle, born)').eq('id', 3).single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: 3, writer: { handle: 'bob', born: 1985 } })
  })

  it('selects computed fields and embeds computed relationships of an rpc’s rows', async () => {
    const { data, error } = await anon.rpc('all_posts').select('id, shout, writer(handle)').lte('id', 2).order('id')
    expect(error).toBeNull()
    expect(data).toEqual([
      { id: 1, shout: 'HELLO', writer: { handle: 'ada' } },
      { id: 2, shout: 'AGAIN', writer: { handle: 'ada' } },
    ])
  })
})

describe('functions of a row in a write', () => {
  it('reads computed fields and computed relationships back from an insert', async () => {
    const { data, error } = await anon
      .from('posts')
      .insert({ id: 50, author: 'cy', room_id: 2, body: 'late' })
      .select('id, shout, writer(handle)')
      .single()
    expect(error).toBeNull()
    expect(data).toEqual({ id: 50, shout: 'LATE', writer: { handle: 'cy' } })
  })
})

describe('relationship errors', () => {
  it('answers 300 PGRST201 listing every candidate as {cardinality, embedding, relationship}', async () => {
    const res = await anon.from('members').select('handle, pairs(id)')
    expect(res.status).toBe(300)
    expect(res.error).toEqual({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'members' and 'pairs'",
      details: [
        {
          cardinality: 'one-to-many',
          embedding: 'members with pairs',
          relationship: 'pairs_first_fkey using members(handle) and pairs(first_member)',
        },
        {
          cardinality: 'one-to-many',
          embedding: 'members with pairs',
          relationship: 'pairs_second_fkey using members(handle) and pairs(second_member)',
        },
      ],
      hint: "Try changing 'pairs' to one of the following: 'pairs!pairs_first_fkey', 'pairs!pairs_second_fkey'. Find the desired relationship in the 'details' key.",
    })
    const m2o = await anon.from('pairs').select('members(handle)')
    expect(m2o.status).toBe(300)
    expect((m2o.error?.details as unknown as { cardinality: string }[]).map((d) => d.cardinality)).toEqual([
      'many-to-one',
      'many-to-one',
    ])
  })

  it('disambiguates with a constraint or a column hint', async () => {
    const byName = await anon.from('pairs').select('id, members!pairs_second_fkey(handle)').eq('id', 1).single()
    expect(byName.data).toEqual({ id: 1, members: { handle: 'bob' } })
    const byColumn = await anon.from('pairs').select('id, first:members!first_member(handle)').eq('id', 2).single()
    expect(byColumn.data).toEqual({ id: 2, first: { handle: 'cy' } })
  })

  it('answers 400 42712 for two embeds under one name, as PostgREST’s SQL does, instead of keeping one of them', async () => {
    const twice = await anon
      .from('pairs')
      .select('members!first_member(handle), members!second_member(handle)')
      .eq('id', 1)
    expect([twice.status, twice.error]).toEqual([
      400,
      {
        code: '42712',
        message: 'table name "pairs_members_1" specified more than once',
        details: null,
        hint: null,
      },
    ])
    const aliased = await anon
      .from('pairs')
      .select('a:members!first_member(handle), b:members!second_member(handle)')
      .eq('id', 1)
      .single()
    expect(aliased.data).toEqual({ a: { handle: 'ada' }, b: { handle: 'bob' } })
  })

  it('names an embedded table <table>_<depth> in an unknown-column error, the root by its name', async () => {
    const embedded = await anon.from('rooms').select('slug, posts(nope)')
    expect([embedded.status, embedded.error?.code, embedded.error?.message]).toEqual([
      400,
      '42703',
      'column posts_1.nope does not exist',
    ])
    const filtered = await anon.from('rooms').select('slug, posts(id)').eq('posts.nope', 1)
    expect(filtered.error?.message).toBe('column posts_1.nope does not exist')
    const root = await anon.from('rooms').select('nope')
    expect(root.error?.message).toBe('column rooms.nope does not exist')
  })

  it('answers 400 PGRST200 naming the hint, with a close table as suggestion', async () => {
    const hinted = await anon.from('posts').select('id, rooms!nope(slug)')
    expect(hinted.status).toBe(400)
    expect(hinted.error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'posts' and 'rooms' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'posts' and 'rooms' using the hint 'nope' in the schema 'public', but no matches were found.",
      hint: null,
    })
    const typo = await anon.from('posts').select('id, room(slug)')
    expect(typo.error?.hint).toBe("Perhaps you meant 'rooms' instead of 'room'.")
  })
})

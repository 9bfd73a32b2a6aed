/**
 * Conventions the schema keeps everywhere, checked from the catalog so that a new table cannot skip them: RLS on,
 * one named policy per operation written with (select auth.uid()), an index behind every foreign key, and the
 * sync columns (server-stamped updated_at with an (updated_at, id) index) on every synced table.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack } from '../local/testing/test-stack.ts'
import { run } from './support/db-actors.ts'
import { READ_ONLY_RPCS } from '../../e2e/read-only-calls.ts'

const SYNCED_TABLES = ['profiles', 'listings', 'listing_images', 'conversations', 'messages']

let ts: TestStack
let db: Database

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
})

afterAll(async () => {
  await ts?.stop()
})

describe('policy conventions', () => {
  it('enables row-level security on every table in public', async () => {
    const rows = await run<{ name: string }>(
      db,
      null,
      `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    )
    expect(rows.map((r) => r.name)).toEqual([])
  })

  it('has at most one named policy per table and operation, and no catch-all policy', async () => {
    const rows = await run<{ tablename: string; cmd: string; n: number }>(
      db,
      null,
      `select tablename, cmd, count(*)::int as n from pg_policies
       where schemaname = 'public' or (schemaname = 'storage' and policyname like 'listing_images_bucket_%')
       group by tablename, cmd
       having count(*) > 1 or cmd = 'ALL'`,
    )
    expect(rows).toEqual([])
  })

  it('calls auth.uid() only as (select auth.uid()), so Postgres evaluates it once per statement', async () => {
    const rows = await run<{ policyname: string; text: string }>(
      db,
      null,
      `select policyname, concat_ws(' ', qual, with_check) as text from pg_policies
       where schemaname = 'public' or (schemaname = 'storage' and policyname like 'listing_images_bucket_%')`,
    )
    expect(rows.length).toBeGreaterThan(0)
    const bare = rows.filter((r) => r.text.replaceAll('( SELECT auth.uid() AS uid)', '').includes('auth.uid()'))
    expect(bare.map((r) => r.policyname)).toEqual([])
  })

  it('asks who is calling only through private.is_api_request(), never current_user (docs/decisions.md#D-api-caller-guards: a definer trigger saw its owner)', async () => {
    const rows = await run<{ fn: string }>(
      db,
      null,
      `select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private') and p.prosrc ~* '\\m(current_user|session_user|current_role)\\M'
         and (n.nspname, p.proname) <> ('private', 'is_api_request')
       order by 1`,
    )
    expect(rows.map((r) => r.fn)).toEqual([])
  })
})

describe('functions the app calls with POST to read', () => {
  // The e2e checks that a visitor's pages write nothing count a POST to these as a read (e2e/read-only-calls.ts):
  // each must be a stable function, which Postgres does not let change data.
  it.each(READ_ONLY_RPCS)('%s is stable', async (name) => {
    const rows = await run<{ volatility: string }>(
      db,
      null,
      `select p.provolatile as volatility from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.proname = $1`,
      [name],
    )
    expect(rows.map((r) => r.volatility)).toEqual(['s'])
  })
})

describe('indexes and sync columns', () => {
  it('has an index led by the columns of every foreign key in public', async () => {
    const rows = await run<{ fk: string }>(
      db,
      null,
      `select c.conname as fk from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where n.nspname = 'public' and c.contype = 'f'
         and not exists (
           select 1 from pg_index i
           where i.indrelid = c.conrelid
             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] @> c.conkey
             and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] <@ c.conkey
         )`,
    )
    expect(rows.map((r) => r.fk)).toEqual([])
  })

  it.each(SYNCED_TABLES)(
    '%s has a server-stamped updated_at and an (updated_at, id) index for the pull cursor',
    async (table) => {
      const [row] = await run<{ has_index: boolean; has_trigger: boolean }>(
        db,
        null,
        `select
         exists (select 1 from pg_indexes where schemaname = 'public' and tablename = $1
                 and indexdef like '%(updated_at, id)') as has_index,
         exists (select 1 from pg_trigger t join pg_proc p on p.oid = t.tgfoid
                 where t.tgrelid = ('public.' || $1)::regclass and p.proname in ('stamp_times', 'stamp_message_times')) as has_trigger`,
        [table],
      )
      expect(row).toEqual({ has_index: true, has_trigger: true })
    },
  )
})

describe('realtime', () => {
  it('publishes listings, listing_images, conversations and messages, and nothing private', async () => {
    const rows = await run<{ tablename: string }>(
      db,
      null,
      `select tablename from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by tablename`,
    )
    expect(rows.map((r) => r.tablename)).toEqual(['conversations', 'listing_images', 'listings', 'messages'])
  })
})

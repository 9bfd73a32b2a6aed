import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, supabaseClient, type TestStack } from '../testing/test-stack.ts'

// A user's private topic `user:<id>` (docs/product.md#R-favourites-live), through supabase-js only: the owner hears
// that their favourites changed; another account can neither join it privately nor hear it by joining it publicly.
const NOAH = 'noah@demo.kreis.ch'
const MIA = 'mia@demo.kreis.ch'

let ts: TestStack
const clients: SupabaseClient[] = []

async function signIn(email: string): Promise<{ client: SupabaseClient; id: string; token: string }> {
  const client = supabaseClient(ts.url, ts.anonKey)
  clients.push(client)
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'kreis-demo' })
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message}`)
  await client.realtime.setAuth(data.session.access_token)
  return { client, id: data.user.id, token: data.session.access_token }
}

/** Joins `topic`; resolves with the signals heard once joined, or with the refusal. */
function join(
  client: SupabaseClient,
  topic: string,
  isPrivate: boolean,
): Promise<{ heard: string[] } | { refused: string }> {
  const heard: string[] = []
  return new Promise((resolve) => {
    client
      .channel(topic, { config: { private: isPrivate } })
      .on('broadcast', { event: '*' }, (message) => heard.push(String(message.event)))
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve({ heard })
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT')
          resolve({ refused: `${status}: ${err?.message ?? ''}` })
      })
  })
}

function heardOf(joined: { heard: string[] } | { refused: string }): string[] {
  if ('refused' in joined) throw new Error(`expected a join, got ${joined.refused}`)
  return joined.heard
}

async function someListing(notOf: string[]): Promise<string> {
  const { rows } = await ts.stack.ctx.db.pg.query<{ id: string }>(
    `select id from public.listings where status = 'active' and user_id <> all($1::uuid[]) order by created_at limit 1`,
    [notOf],
  )
  return rows[0]!.id
}

beforeAll(async () => {
  ts = await startTestStack()
})

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()))
  await ts?.stop()
})

describe('private user topics', () => {
  it('tell the owner that their favourites changed, and nobody else', async () => {
    const noah = await signIn(NOAH)
    const mia = await signIn(MIA)
    const visitor = supabaseClient(ts.url, ts.anonKey)
    clients.push(visitor)

    const noahsOwn = heardOf(await join(noah.client, `user:${noah.id}`, true))
    const miaJoinsNoahs = await join(mia.client, `user:${noah.id}`, true)
    expect(miaJoinsNoahs).toEqual({
      refused: expect.stringContaining('You do not have permissions to read from this Channel topic'),
    })
    const visitorJoinsNoahs = await join(visitor, `user:${noah.id}`, true)
    expect(visitorJoinsNoahs).toEqual({ refused: expect.stringContaining('You do not have permissions') })
    // Joined without `private`, the topic is a public one: the database's signals never reach it.
    await mia.client.removeAllChannels()
    const miaPublicNoahs = heardOf(await join(mia.client, `user:${noah.id}`, false))
    const miasOwn = heardOf(await join(mia.client, `user:${mia.id}`, true))

    const listing = await someListing([noah.id, mia.id])
    const set = await noah.client.from('favorites').insert({ user_id: noah.id, listing_id: listing })
    expect(set.error).toBeNull()
    await expect.poll(() => noahsOwn, { timeout: 15_000 }).toEqual(['favorites'])
    const cleared = await noah.client.from('favorites').delete().eq('listing_id', listing)
    expect(cleared.error).toBeNull()
    await expect.poll(() => noahsOwn, { timeout: 15_000 }).toEqual(['favorites', 'favorites'])

    // Mia's own favourite is the marker: her socket delivers in commit order, so Noah's would have come first.
    const mine = await mia.client.from('favorites').insert({ user_id: mia.id, listing_id: listing })
    expect(mine.error).toBeNull()
    await expect.poll(() => miasOwn, { timeout: 15_000 }).toEqual(['favorites'])
    expect(miaPublicNoahs).toEqual([])
    expect(noahsOwn).toEqual(['favorites', 'favorites'])
  })

  it('close a private channel whose token passes to another user, who then hears nothing of it', async () => {
    const noah = await signIn(NOAH)
    const mia = await signIn(MIA)
    const statuses: string[] = []
    const heard: string[] = []
    const channel = noah.client
      .channel(`user:${noah.id}`, { config: { private: true } })
      .on('broadcast', { event: '*' }, (message) => heard.push(String(message.event)))
      .subscribe((status) => statuses.push(status))
    await expect.poll(() => statuses, { timeout: 15_000 }).toContain('SUBSCRIBED')
    await noah.client.realtime.setAuth(mia.token)
    await expect.poll(() => statuses, { timeout: 15_000 }).toContain('CLOSED')
    expect(channel.state).not.toBe('joined')

    const listing = await someListing([noah.id, mia.id])
    const set = await noah.client.from('favorites').insert({ user_id: noah.id, listing_id: listing })
    expect(set.error).toBeNull()
    // Noah's own second device is the marker: it hears the signal, so the closed channel would have by now.
    const other = await signIn(NOAH)
    const marker = heardOf(await join(other.client, `user:${noah.id}`, true))
    const again = await noah.client.from('favorites').delete().eq('listing_id', listing)
    expect(again.error).toBeNull()
    await expect.poll(() => marker, { timeout: 15_000 }).toEqual(['favorites'])
    expect(heard).toEqual([])
  })
})

/**
 * A plain supabase-js walk through the local stack, as any Supabase app would do it: sign up, sign in, read the
 * feed with its images, upload a photo, and be refused by row-level security where the policies say so.
 *
 *   npm start                       # in one terminal
 *   npx tsx scripts/try-local-stack.ts [http://127.0.0.1:54321]
 *
 * The same walk runs in `npm test` (supabase/tests/supabase-js-walk.test.ts).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { DEFAULT_ANON_KEY } from '../supabase/local/config.ts'

export interface WalkStep {
  step: string
  ok: boolean
  detail: string
}

// A tiny valid JPEG (1×1 px), enough for the bucket's magic-byte check.
const TINY_JPEG = Uint8Array.from(
  Buffer.from(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/wAALCAABAAEBAREA/8QAFAABAAAAAAAAAAAAAAAAAAAACf/EABQQAQAAAAAAAAAAAAAAAAAAAAD/2gAIAQEAAD8AKp//2Q==',
    'base64',
  ),
)

function client(url: string, anonKey: string): SupabaseClient {
  return createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

export async function walkLocalStack(url: string, anonKey = DEFAULT_ANON_KEY): Promise<WalkStep[]> {
  const steps: WalkStep[] = []
  const record = (step: string, ok: boolean, detail: string) => steps.push({ step, ok, detail })
  const email = `walk-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`
  const password = 'walk-through-123'

  const newcomer = client(url, anonKey)
  const signUp = await newcomer.auth.signUp({
    email,
    password,
    options: { data: { first_name: 'Walk', last_name: 'Through' } },
  })
  record('sign up', !signUp.error && !!signUp.data.user, signUp.error?.message ?? `user ${signUp.data.user?.id}`)

  // Sign-up signs the newcomer's client in; a visitor is a client that never had a session.
  const visitor = client(url, anonKey)
  const member = client(url, anonKey)
  const signIn = await member.auth.signInWithPassword({ email, password })
  const userId = signIn.data.user?.id ?? ''
  record('sign in', !signIn.error && !!signIn.data.session, signIn.error?.message ?? 'session issued')

  const feed = await visitor
    .from('listings')
    .select('id, title, price, listing_images(image_url, image_order)')
    .eq('status', 'active')
    .order('created_at', { ascending: false })
    .order('image_order', { referencedTable: 'listing_images' })
    .limit(12)
  const withImages = (feed.data ?? []).filter((l) => l.listing_images.length > 0).length
  record(
    'read the feed with images',
    !feed.error && feed.data?.length === 12 && withImages === 12,
    feed.error?.message ?? `${feed.data?.length} listings, ${withImages} with images`,
  )

  const firstImage = feed.data?.[0]?.listing_images[0]?.image_url
  if (firstImage) {
    const publicUrl = visitor.storage.from('listing-images').getPublicUrl(firstImage).data.publicUrl
    const res = await fetch(publicUrl)
    record(
      'download a feed photo',
      res.ok && res.headers.get('content-type') === 'image/jpeg',
      `${res.status} ${res.headers.get('content-type')}`,
    )
  }

  const path = `${userId}/walk/${Date.now()}.jpg`
  const upload = await member.storage.from('listing-images').upload(path, TINY_JPEG, { contentType: 'image/jpeg' })
  record('upload a photo to my folder', !upload.error, upload.error?.message ?? upload.data?.path ?? '')

  const foreign = await member.storage
    .from('listing-images')
    .upload(`00000000-0000-4000-8000-000000000001/walk.jpg`, TINY_JPEG, { contentType: 'image/jpeg' })
  record('refused: upload into another user’s folder', !!foreign.error, foreign.error?.message ?? 'was allowed')

  const anonInsert = await visitor.from('listings').insert({
    title: 'Not mine',
    description: 'An anonymous attempt',
    price: 10,
    condition: 'very_good',
    category: 'women',
    location: 'Bern',
    user_id: userId,
  })
  record(
    'refused: a visitor creates a listing',
    anonInsert.error?.code === '42501',
    anonInsert.error ? `${anonInsert.error.code} ${anonInsert.error.message}` : 'was allowed',
  )

  const othersListing = feed.data?.find(() => true)?.id
  const hijack = await member
    .from('listings')
    .update({ title: 'Hijacked' })
    .eq('id', othersListing ?? '')
    .select('id')
  record(
    'refused: editing someone else’s listing changes nothing',
    !hijack.error && hijack.data?.length === 0,
    hijack.error?.message ?? `${hijack.data?.length} rows changed`,
  )

  const email2 = await member.from('profiles').select('email').eq('id', '00000000-0000-4000-8000-000000000001')
  record(
    'refused: reading another user’s email',
    !!email2.error,
    email2.error ? `${email2.error.code} ${email2.error.message}` : 'was readable',
  )

  const myProfile = await member.from('my_profile').select('email, first_name').single()
  record(
    'read my own profile with email',
    myProfile.data?.email === email,
    myProfile.error?.message ?? `${myProfile.data?.first_name} <${myProfile.data?.email}>`,
  )
  return steps
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.argv[2] ?? 'http://127.0.0.1:54321'
  walkLocalStack(url).then(
    (steps) => {
      for (const s of steps) console.log(`${s.ok ? '✔' : '✘'} ${s.step}: ${s.detail}`)
      process.exit(steps.every((s) => s.ok) ? 0 : 1)
    },
    (e) => {
      console.error(e)
      process.exit(1)
    },
  )
}

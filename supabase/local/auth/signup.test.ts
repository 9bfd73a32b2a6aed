import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { authCall, uniqueEmail } from '../testing/auth-helpers.ts'

let ts: TestStack
beforeAll(async () => {
  ts = await startTestStack()
})
afterAll(() => ts?.stop())

describe('POST /auth/v1/signup (email confirmation off)', () => {
  it('creates the user with its metadata and answers a full session, which fires the profile trigger', async () => {
    const email = uniqueEmail('ada')
    const { data, error } = await ts.anon().auth.signUp({
      email,
      password: 'secret123',
      options: { data: { first_name: 'Ada', last_name: 'Lovelace' } },
    })
    expect(error).toBeNull()
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(data.session!.refresh_token).toEqual(expect.any(String))
    expect(data.user).toMatchObject({
      email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada', last_name: 'Lovelace', email, email_verified: true, sub: data.user!.id },
      is_anonymous: false,
    })
    expect(data.user!.identities).toEqual([expect.objectContaining({ provider: 'email', user_id: data.user!.id })])
    expect(data.user!.email_confirmed_at).toEqual(expect.any(String))
    expect(data.user!.last_sign_in_at).toEqual(expect.any(String))
    const { rows } = await ts.stack.ctx.db.pg.query<{ first_name: string }>(
      `select first_name from public.profiles where id = $1`,
      [data.user!.id],
    )
    expect(rows).toEqual([{ first_name: 'Ada' }])
  })

  it('keeps the password as a $2a$ cost-10 bcrypt hash that pgcrypto crypt() accepts, like the seed', async () => {
    const email = uniqueEmail('hash')
    await ts.anon().auth.signUp({ email, password: 'pgcrypto-compatible' })
    const { rows } = await ts.stack.ctx.db.pg.query<{ hash: string; ok: boolean }>(
      `select encrypted_password as hash, encrypted_password = crypt('pgcrypto-compatible', encrypted_password) as ok
       from auth.users where email = $1`,
      [email],
    )
    expect(rows[0]!.hash).toMatch(/^\$2a\$10\$/)
    expect(rows[0]!.ok).toBe(true)
  })

  it('stores the address lower-cased and trimmed', async () => {
    const email = uniqueEmail('mixed')
    const { data } = await ts.anon().auth.signUp({ email: `  ${email.toUpperCase()} `, password: 'secret123' })
    expect(data.user?.email).toBe(email)
  })

  it('refuses a password under 6 characters with weak_password (422), its reasons and GoTrue message', async () => {
    const { data, error } = await ts.anon().auth.signUp({ email: uniqueEmail('weak'), password: '12345' })
    expect(data.session).toBeNull()
    expect(error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
      message: 'Password should be at least 6 characters.',
    })
  })

  it('refuses a missing password with validation_failed', async () => {
    const res = await authCall(ts, 'POST', '/signup', { body: { email: uniqueEmail('nopw'), data: {} } })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({ code: 'validation_failed', msg: 'Signup requires a valid password' })
  })

  it('refuses a registered address, in any letter case, with user_already_exists "User already registered"', async () => {
    const { error } = await ts.anon().auth.signUp({ email: 'Anna@Demo.Kreis.ch', password: 'another-password' })
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' })
  })

  it.each(['not-an-email', 'a@b@c.ch', 'space in@kreis.ch', 'trailing@dot.'])(
    'refuses the malformed address %j with validation_failed "Unable to validate email address: invalid format"',
    async (email) => {
      const { error } = await ts.anon().auth.signUp({ email, password: 'secret123' })
      expect(error).toMatchObject({
        status: 400,
        code: 'validation_failed',
        message: 'Unable to validate email address: invalid format',
      })
    },
  )

  it('creates nothing when it refuses', async () => {
    const email = uniqueEmail('refused')
    await ts.anon().auth.signUp({ email, password: '123' })
    const { rows } = await ts.stack.ctx.db.pg.query(`select 1 from auth.users where email = $1`, [email])
    expect(rows).toEqual([])
  })
})

describe('auth API conventions', () => {
  it('sends X-Supabase-Api-Version: 2024-01-01 on successes and on errors', async () => {
    const ok = await authCall(ts, 'GET', '/settings')
    const failed = await authCall(ts, 'POST', '/token?grant_type=password', {
      body: { email: 'x@y.ch', password: 'nope12' },
    })
    expect(ok.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(failed.status).toBe(400)
    expect(failed.headers.get('x-supabase-api-version')).toBe('2024-01-01')
    expect(failed.body).toMatchObject({ code: 'invalid_credentials', error_code: 'invalid_credentials' })
  })

  it('refuses a request without an API key, and one whose key is not signed by the project', async () => {
    const none = await fetch(`${ts.url}/auth/v1/settings`)
    const forged = await authCall(ts, 'GET', '/settings', { headers: { apikey: 'eyJhbGciOiJIUzI1NiJ9.e30.x' } })
    expect(none.status).toBe(401)
    expect(forged.status).toBe(401)
  })

  it('publishes an empty key set at /.well-known/jwks.json, open like the e-mail link (HS256 keys stay secret)', async () => {
    const res = await fetch(`${ts.url}/auth/v1/.well-known/jwks.json`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ keys: [] })
  })

  it('answers malformed JSON with 400 bad_json, not a server error', async () => {
    const res = await fetch(`${ts.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: ts.anonKey, 'content-type': 'application/json' },
      body: '{"email":',
    })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'bad_json' })
  })

  it('refuses a body over 64 KiB with 413', async () => {
    const res = await authCall(ts, 'POST', '/signup', {
      body: { email: uniqueEmail('big'), password: 'secret123', data: { blob: 'x'.repeat(70 * 1024) } },
    })
    expect(res.status).toBe(413)
  })

  it('publishes its settings: e-mail provider on, sign-ups open, auto-confirm while confirmation is off', async () => {
    const res = await authCall(ts, 'GET', '/settings')
    expect(res.body).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true })
  })
})

describe('sign-ups switched off', () => {
  let closed: TestStack
  beforeAll(async () => {
    closed = await startTestStack({ auth: { disableSignup: true } } as never)
  })
  afterAll(() => closed?.stop())

  it('refuses every sign-up with signup_disabled "Email signups are disabled" and says so in /settings', async () => {
    const { error } = await closed.anon().auth.signUp({ email: uniqueEmail('closed'), password: 'secret123' })
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Email signups are disabled' })
    expect((await authCall(closed, 'GET', '/settings')).body).toMatchObject({ disable_signup: true })
  })

  it('still lets existing users sign in', async () => {
    const { error } = await closed
      .anon()
      .auth.signInWithPassword({ email: 'mia@demo.kreis.ch', password: 'kreis-demo' })
    expect(error).toBeNull()
  })
})

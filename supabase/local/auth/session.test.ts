import { decodeJwt } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, supabaseClient, type TestStack } from '../testing/test-stack.ts'
import { authCall } from '../testing/auth-helpers.ts'

let ts: TestStack
beforeAll(async () => {
  ts = await startTestStack()
})
afterAll(() => ts?.stop())

const ANNA = { email: 'anna@demo.kreis.ch', password: 'kreis-demo', id: '00000000-0000-4000-8000-000000000001' }

async function signIn(email: string, password: string) {
  const res = await authCall(ts, 'POST', '/token?grant_type=password', {
    body: { email, password, gotrue_meta_security: {} },
  })
  expect(res.status).toBe(200)
  return res.body as { access_token: string; refresh_token: string; user: { id: string } }
}

const refresh = (refresh_token: string) =>
  authCall(ts, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token } })

describe('POST /token?grant_type=password', () => {
  it('signs a seeded user in with a session: expires_in 3600, expires_at, refresh token and user', async () => {
    const before = Math.floor(Date.now() / 1000)
    const { data, error } = await ts.anon().auth.signInWithPassword({ email: ANNA.email, password: ANNA.password })
    expect(error).toBeNull()
    expect(data.session).toMatchObject({ token_type: 'bearer', expires_in: 3600 })
    expect(data.session!.expires_at).toBeGreaterThanOrEqual(before + 3600)
    expect(data.user).toMatchObject({ id: ANNA.id, email: ANNA.email, user_metadata: { first_name: 'Anna' } })
    expect(data.user!.last_sign_in_at).toEqual(expect.any(String))
  })

  it('issues an HS256 access token with GoTrue claims for the data API', async () => {
    const s = await signIn(ANNA.email, ANNA.password)
    const claims = decodeJwt(s.access_token)
    expect(claims).toMatchObject({
      sub: ANNA.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: ANNA.email,
      phone: '',
      app_metadata: { provider: 'email' },
      user_metadata: { first_name: 'Anna' },
      session_id: expect.any(String),
      is_anonymous: false,
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    await expect(ts.stack.ctx.jwt.verify(s.access_token)).resolves.toMatchObject({ sub: ANNA.id })
  })

  it('answers a wrong password and an unknown address alike: invalid_credentials "Invalid login credentials"', async () => {
    const wrong = await ts.anon().auth.signInWithPassword({ email: ANNA.email, password: 'wrong-password' })
    const unknown = await ts.anon().auth.signInWithPassword({ email: 'nobody@demo.kreis.ch', password: 'kreis-demo' })
    for (const { data, error } of [wrong, unknown]) {
      expect(data.session).toBeNull()
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
    }
  })

  it('accepts the address in any letter case', async () => {
    const { error } = await ts.anon().auth.signInWithPassword({ email: 'NOAH@demo.kreis.ch', password: 'kreis-demo' })
    expect(error).toBeNull()
  })

  it('refuses an unknown grant type with 400', async () => {
    const res = await authCall(ts, 'POST', '/token?grant_type=magic', { body: {} })
    expect(res.status).toBe(400)
  })
})

describe('POST /token?grant_type=refresh_token', () => {
  it('rotates: answers a new session with a different refresh token for the same session', async () => {
    const s = await signIn(ANNA.email, ANNA.password)
    const res = await refresh(s.refresh_token)
    expect(res.status).toBe(200)
    const next = res.body as { access_token: string; refresh_token: string; user: { id: string } }
    expect(next.refresh_token).not.toBe(s.refresh_token)
    expect(next.user.id).toBe(ANNA.id)
    expect(decodeJwt(next.access_token).session_id).toBe(decodeJwt(s.access_token).session_id)
  })

  it('answers two refreshes of one token at once with the same successor: both keep the session (reuse interval)', async () => {
    const s = await signIn(ANNA.email, ANNA.password)
    const [a, b] = await Promise.all([refresh(s.refresh_token), refresh(s.refresh_token)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(a.body.refresh_token).toBe(b.body.refresh_token)
    expect((await refresh(a.body.refresh_token as string)).status).toBe(200)
  })

  it('refuses a used refresh token after the reuse interval with refresh_token_already_used and revokes its successor too', async () => {
    const s = await signIn(ANNA.email, ANNA.password)
    const next = (await refresh(s.refresh_token)).body.refresh_token as string
    // The interval (10 s, config.toml) has passed since the rotation.
    await ts.stack.ctx.db.pg.query(
      `update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1`,
      [s.refresh_token],
    )
    const reuse = await refresh(s.refresh_token)
    expect(reuse.status).toBe(400)
    expect(reuse.body).toMatchObject({ code: 'refresh_token_already_used', msg: 'Invalid Refresh Token: Already Used' })
    expect((await refresh(next)).body).toMatchObject({ code: 'refresh_token_already_used' })
  })

  it('refuses an unknown refresh token with refresh_token_not_found', async () => {
    const res = await refresh('no-such-token')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      code: 'refresh_token_not_found',
      msg: 'Invalid Refresh Token: Refresh Token Not Found',
    })
  })

  it('works through supabase-js refreshSession()', async () => {
    const client = ts.anon()
    const first = await client.auth.signInWithPassword({ email: 'luca@demo.kreis.ch', password: 'kreis-demo' })
    const { data, error } = await client.auth.refreshSession()
    expect(error).toBeNull()
    expect(data.session!.refresh_token).not.toBe(first.data.session!.refresh_token)
  })
})

describe('GET and PUT /user', () => {
  it('returns the signed-in user as a bare user object', async () => {
    const user = await ts.newUser({ firstName: 'Grace' })
    const { data, error } = await user.client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user).toMatchObject({ id: user.id, email: user.email, user_metadata: { first_name: 'Grace' } })
  })

  it('refuses a token that is not signed by the project with 403 bad_jwt', async () => {
    const forged = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'
    const res = await authCall(ts, 'GET', '/user', { bearer: forged })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'bad_jwt' })
  })

  it('refuses the anon key as a user token', async () => {
    const res = await authCall(ts, 'GET', '/user')
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'bad_jwt' })
  })

  it('merges data into user_metadata and removes keys given as null', async () => {
    const user = await ts.newUser({ firstName: 'Ada', lastName: 'Byron' })
    await user.client.auth.updateUser({ data: { last_name: 'Lovelace', city: 'Zurich' } })
    const { data } = await user.client.auth.updateUser({ data: { city: null } })
    expect(data.user!.user_metadata).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' })
    expect(data.user!.user_metadata).not.toHaveProperty('city')
  })

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const user = await ts.newUser({ password: 'first-password' })
    const { error } = await user.client.auth.updateUser({ password: 'second-password' })
    expect(error).toBeNull()
    const old = await ts.anon().auth.signInWithPassword({ email: user.email, password: 'first-password' })
    const fresh = await ts.anon().auth.signInWithPassword({ email: user.email, password: 'second-password' })
    expect(old.error).toMatchObject({ code: 'invalid_credentials' })
    expect(fresh.error).toBeNull()
  })

  it('changes the e-mail directly while confirmation is off, and refuses one already taken with email_exists', async () => {
    const user = await ts.newUser()
    const moved = `moved-${user.email}`
    const { data, error } = await user.client.auth.updateUser({ email: moved.toUpperCase() })
    expect(error).toBeNull()
    expect(data.user!.email).toBe(moved)
    expect((await ts.anon().auth.signInWithPassword({ email: moved, password: user.password })).error).toBeNull()
    const taken = await user.client.auth.updateUser({ email: 'anna@demo.kreis.ch' })
    expect(taken.error).toMatchObject({ status: 422, code: 'email_exists' })
  })

  it('refuses a short new password with weak_password and the unchanged one with same_password', async () => {
    const user = await ts.newUser({ password: 'first-password' })
    const short = await user.client.auth.updateUser({ password: 'abc' })
    const same = await user.client.auth.updateUser({ password: 'first-password' })
    expect(short.error).toMatchObject({ status: 422, code: 'weak_password' })
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' })
  })
})

describe('POST /logout', () => {
  it('scope global ends every session of the user: refresh tokens die and access tokens lose their session', async () => {
    const a = await signIn('sophie@demo.kreis.ch', 'kreis-demo')
    const b = await signIn('sophie@demo.kreis.ch', 'kreis-demo')
    const out = await authCall(ts, 'POST', '/logout?scope=global', { bearer: a.access_token })
    expect(out.status).toBe(204)
    for (const s of [a, b]) {
      expect((await refresh(s.refresh_token)).body).toMatchObject({ code: 'refresh_token_not_found' })
      const me = await authCall(ts, 'GET', '/user', { bearer: s.access_token })
      expect(me.status).toBe(403)
      expect(me.body).toMatchObject({ code: 'session_not_found' })
    }
    const again = await authCall(ts, 'POST', '/logout', { bearer: a.access_token })
    expect(again.status).toBe(403)
    expect(again.body).toMatchObject({ code: 'session_not_found' })
  })

  it('scope local ends only this session, scope others all but this one', async () => {
    const a = await signIn('mia@demo.kreis.ch', 'kreis-demo')
    const b = await signIn('mia@demo.kreis.ch', 'kreis-demo')
    const c = await signIn('mia@demo.kreis.ch', 'kreis-demo')
    expect((await authCall(ts, 'POST', '/logout?scope=local', { bearer: a.access_token })).status).toBe(204)
    expect((await authCall(ts, 'GET', '/user', { bearer: a.access_token })).status).toBe(403)
    expect((await authCall(ts, 'GET', '/user', { bearer: b.access_token })).status).toBe(200)
    expect((await authCall(ts, 'POST', '/logout?scope=others', { bearer: b.access_token })).status).toBe(204)
    expect((await authCall(ts, 'GET', '/user', { bearer: b.access_token })).status).toBe(200)
    expect((await authCall(ts, 'GET', '/user', { bearer: c.access_token })).status).toBe(403)
  })

  it('supabase-js signOut() succeeds, and getUser() with the old token then reports the session missing', async () => {
    const user = await ts.newUser()
    const { error } = await user.client.auth.signOut()
    expect(error).toBeNull()
    const stale = supabaseClient(ts.url, ts.anonKey)
    const { error: after } = await stale.auth.getUser(user.accessToken)
    expect(after).toMatchObject({ name: 'AuthSessionMissingError' })
  })
})

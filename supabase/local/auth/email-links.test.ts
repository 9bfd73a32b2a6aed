import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'
import { authCall, uniqueEmail } from '../testing/auth-helpers.ts'

let ts: TestStack
beforeAll(async () => {
  ts = await startTestStack({ auth: { emailConfirm: true } } as never)
})
afterAll(() => ts?.stop())

const site = () => ts.stack.config.siteUrl
const lastLink = (email: string, kind: 'signup' | 'recovery') => {
  const mail = ts.stack.ctx.mailer.last(email, kind)
  expect(mail, `a ${kind} mail to ${email}`).toBeDefined()
  return new URL(mail!.link)
}

/** Opens an e-mail link like a browser would, without following the redirect. */
async function follow(link: URL): Promise<{ status: number; target: URL; fragment: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' })
  const target = new URL(res.headers.get('location')!)
  return { status: res.status, target, fragment: new URLSearchParams(target.hash.slice(1)) }
}

describe('sign-up with e-mail confirmation on', () => {
  it('answers a bare unconfirmed user without a session and "sends" a confirmation link to /auth/v1/verify', async () => {
    const email = uniqueEmail('confirm')
    const { data, error } = await ts.anon().auth.signUp({
      email,
      password: 'secret123',
      options: { emailRedirectTo: `${site()}/welcome`, data: { first_name: 'Cleo' } },
    })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user).toMatchObject({ email, email_confirmed_at: null, user_metadata: { first_name: 'Cleo' } })
    const link = lastLink(email, 'signup')
    expect(`${link.origin}${link.pathname}`).toBe(`${ts.url}/auth/v1/verify`)
    expect(link.searchParams.get('type')).toBe('signup')
    expect(link.searchParams.get('token')).toEqual(expect.any(String))
    expect(link.searchParams.get('redirect_to')).toBe(`${site()}/welcome`)
  })

  it('refuses password sign-in until confirmed with email_not_confirmed "Email not confirmed"', async () => {
    const email = uniqueEmail('unconfirmed')
    await ts.anon().auth.signUp({ email, password: 'secret123' })
    const { error } = await ts.anon().auth.signInWithPassword({ email, password: 'secret123' })
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' })
  })

  it('confirms through the link, which redirects to the app with the session in the URL fragment', async () => {
    const email = uniqueEmail('clicks')
    await ts.anon().auth.signUp({ email, password: 'secret123', options: { emailRedirectTo: `${site()}/welcome` } })
    const { status, target, fragment } = await follow(lastLink(email, 'signup'))
    expect(status).toBe(303)
    expect(`${target.origin}${target.pathname}`).toBe(`${site()}/welcome`)
    expect(fragment.get('type')).toBe('signup')
    expect(fragment.get('token_type')).toBe('bearer')
    expect(Number(fragment.get('expires_in'))).toBe(3600)
    expect(Number(fragment.get('expires_at'))).toBeGreaterThan(Date.now() / 1000)
    const me = await authCall(ts, 'GET', '/user', { bearer: fragment.get('access_token')! })
    expect(me.body).toMatchObject({ email, email_confirmed_at: expect.any(String) })
    expect(
      (
        await authCall(ts, 'POST', '/token?grant_type=refresh_token', {
          body: { refresh_token: fragment.get('refresh_token') },
        })
      ).status,
    ).toBe(200)
    const { error } = await ts.anon().auth.signInWithPassword({ email, password: 'secret123' })
    expect(error).toBeNull()
  })

  it('spends the link: a second click lands on the app with error_code otp_expired', async () => {
    const email = uniqueEmail('twice')
    await ts.anon().auth.signUp({ email, password: 'secret123' })
    const link = lastLink(email, 'signup')
    await follow(link)
    const again = await follow(link)
    expect(again.target.origin).toBe(new URL(site()).origin)
    expect(again.fragment.get('error_code')).toBe('otp_expired')
    expect(again.fragment.has('access_token')).toBe(false)
  })

  it('refuses a link older than a day', async () => {
    const email = uniqueEmail('stale')
    await ts.anon().auth.signUp({ email, password: 'secret123' })
    await ts.stack.ctx.db.pg.query(
      `update auth.users set confirmation_sent_at = now() - interval '25 hours' where email = $1`,
      [email],
    )
    expect((await follow(lastLink(email, 'signup'))).fragment.get('error_code')).toBe('otp_expired')
  })

  it('never redirects to a foreign site: an unknown redirect_to falls back to the site URL', async () => {
    const email = uniqueEmail('phish')
    await ts
      .anon()
      .auth.signUp({ email, password: 'secret123', options: { emailRedirectTo: 'https://evil.example/steal' } })
    const link = lastLink(email, 'signup')
    expect(link.searchParams.get('redirect_to')).toBe(site())
    link.searchParams.set('redirect_to', 'https://evil.example/steal')
    const { target, fragment } = await follow(link)
    expect(target.origin).toBe(new URL(site()).origin)
    expect(fragment.has('access_token')).toBe(true)
  })

  it('answers a repeated sign-up of a confirmed address like a new one: a made-up user, no session, no mail', async () => {
    const sent = ts.stack.ctx.mailer.sent.length
    const { data, error } = await ts.anon().auth.signUp({ email: 'anna@demo.kreis.ch', password: 'whatever-123' })
    expect(error).toBeNull()
    expect(data.session).toBeNull()
    expect(data.user!.id).not.toBe('00000000-0000-4000-8000-000000000001')
    expect(ts.stack.ctx.mailer.sent.length).toBe(sent)
  })

  it('resends the confirmation link on auth.resend(): the new link confirms, the replaced one no longer does', async () => {
    const email = uniqueEmail('resend')
    await ts.anon().auth.signUp({ email, password: 'secret123' })
    const first = lastLink(email, 'signup')
    const { error } = await ts.anon().auth.resend({ type: 'signup', email })
    expect(error).toBeNull()
    const second = lastLink(email, 'signup')
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'))
    expect((await follow(first)).fragment.get('error_code')).toBe('otp_expired')
    expect((await follow(second)).fragment.has('access_token')).toBe(true)
  })

  it('answers resend alike for confirmed and unknown addresses, sending nothing', async () => {
    const sent = ts.stack.ctx.mailer.sent.length
    for (const email of ['anna@demo.kreis.ch', 'nobody-here@demo.kreis.ch']) {
      expect((await ts.anon().auth.resend({ type: 'signup', email })).error).toBeNull()
    }
    expect(ts.stack.ctx.mailer.sent.length).toBe(sent)
  })

  it('publishes mailer_autoconfirm false in /settings', async () => {
    expect((await authCall(ts, 'GET', '/settings')).body).toMatchObject({ mailer_autoconfirm: false })
  })
})

describe('password recovery', () => {
  it('answers 200 {} for an unknown address and sends nothing (no user enumeration)', async () => {
    const sent = ts.stack.ctx.mailer.sent.length
    const { data, error } = await ts.anon().auth.resetPasswordForEmail('ghost@demo.kreis.ch')
    expect(error).toBeNull()
    expect(data).toEqual({})
    expect(ts.stack.ctx.mailer.sent.length).toBe(sent)
  })

  it('refuses a malformed address with validation_failed', async () => {
    const { error } = await ts.anon().auth.resetPasswordForEmail('not-an-address')
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' })
  })

  it('sends a recovery link that leads to /auth/reset-password with a session that can set a new password', async () => {
    const { error } = await ts.anon().auth.resetPasswordForEmail('noah@demo.kreis.ch', {
      redirectTo: `${site()}/auth/reset-password`,
    })
    expect(error).toBeNull()
    const link = lastLink('noah@demo.kreis.ch', 'recovery')
    expect(link.searchParams.get('type')).toBe('recovery')
    const { target, fragment } = await follow(link)
    expect(`${target.origin}${target.pathname}`).toBe(`${site()}/auth/reset-password`)
    expect(fragment.get('type')).toBe('recovery')
    const put = await authCall(ts, 'PUT', '/user', {
      bearer: fragment.get('access_token')!,
      body: { password: 'noah-new-pass' },
    })
    expect(put.status).toBe(200)
    expect(
      (await ts.anon().auth.signInWithPassword({ email: 'noah@demo.kreis.ch', password: 'noah-new-pass' })).error,
    ).toBeNull()
    expect(
      (await ts.anon().auth.signInWithPassword({ email: 'noah@demo.kreis.ch', password: 'kreis-demo' })).error,
    ).toMatchObject({
      code: 'invalid_credentials',
    })
  })

  it('defaults the link target to the site reset page and ignores a foreign redirect_to', async () => {
    await ts.anon().auth.resetPasswordForEmail('luca@demo.kreis.ch', { redirectTo: 'https://evil.example/reset' })
    expect(lastLink('luca@demo.kreis.ch', 'recovery').searchParams.get('redirect_to')).toBe(
      `${site()}/auth/reset-password`,
    )
    await ts.anon().auth.resetPasswordForEmail('luca@demo.kreis.ch')
    expect(lastLink('luca@demo.kreis.ch', 'recovery').searchParams.get('redirect_to')).toBe(
      `${site()}/auth/reset-password`,
    )
  })

  it('lets the app verify the link token with verifyOtp({token_hash, type}) once', async () => {
    await ts.anon().auth.resetPasswordForEmail('sophie@demo.kreis.ch')
    const token = lastLink('sophie@demo.kreis.ch', 'recovery').searchParams.get('token')!
    const client = ts.anon()
    const first = await client.auth.verifyOtp({ token_hash: token, type: 'recovery' })
    expect(first.error).toBeNull()
    expect(first.data.session?.user.email).toBe('sophie@demo.kreis.ch')
    const second = await ts.anon().auth.verifyOtp({ token_hash: token, type: 'recovery' })
    expect(second.error).toMatchObject({ status: 403, code: 'otp_expired' })
  })
})

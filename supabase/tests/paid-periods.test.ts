/**
 * Paid periods (docs/decisions.md#D-paid-periods; docs/product.md §4, §7.4, §9): the server decides what is owed (CHF 2 welcome while the account is
 * under 60 days old and has never paid, CHF 5 otherwise) and refuses another amount; a confirmed payment covers one
 * month from its date or from the end of the period already paid; paid_until is server-written and readable by
 * its owner only (my_profile); the database functions behind it are service_role only.
 */
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../local/db/database.ts'
import { startTestStack, type TestStack, type TestUser } from '../local/testing/test-stack.ts'
import { asUser, createUser, run, sqlState } from './support/db-actors.ts'

let ts: TestStack
let db: Database

beforeAll(async () => {
  ts = await startTestStack()
  db = ts.stack.ctx.db
})

afterAll(async () => {
  await ts?.stop()
})

const DAY_MS = 86_400_000

interface Plan {
  subscription_status: string | null
  subscription_start_date: Date | null
  last_payment_date: Date | null
  paid_until: Date | null
}

async function plan(userId: string): Promise<Plan> {
  const [p] = await run<Plan & Record<string, unknown>>(
    db,
    null,
    `select subscription_status, subscription_start_date, last_payment_date, paid_until from public.profiles where id = $1`,
    [userId],
  )
  return p!
}

/** Moves the account's sign-up back by `days` (the timestamps trigger keeps created_at, so it is bypassed here). */
async function ageAccount(userId: string, days: number): Promise<void> {
  await db.pg.exec(`set session_replication_role = replica`)
  try {
    await db.pg.query(`update public.profiles set created_at = now() - make_interval(secs => $2) where id = $1`, [
      userId,
      days * 86_400,
    ])
  } finally {
    await db.pg.exec(`set session_replication_role = origin`)
  }
}

async function status(call: Promise<{ error: unknown }>): Promise<[number, unknown]> {
  const { error } = await call
  if (!error) return [200, null]
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const res = (error as FunctionsHttpError).context as Response
  return [res.status, await res.json()]
}

const createPayment = (u: TestUser, amount: number) =>
  u.client.functions.invoke('create-payment', { body: { userId: u.id, amount } })

/** create-payment, Pay on the sandbox checkout, handle-payment-success. */
async function pay(u: TestUser, amount: number): Promise<void> {
  const { data, error } = await createPayment(u, amount)
  expect(error).toBeNull()
  const res = await fetch(`${(data as { paymentUrl: string }).paymentUrl}/pay`, { method: 'POST', redirect: 'manual' })
  const gatewayId = new URL(res.headers.get('location')!).searchParams.get('gatewayId')
  const handled = await u.client.functions.invoke('handle-payment-success', { body: { userId: u.id, gatewayId } })
  expect(handled.error).toBeNull()
}

const near = (actual: Date | null, expected: number, toleranceMs = 60_000) =>
  expect(Math.abs((actual?.getTime() ?? NaN) - expected)).toBeLessThan(toleranceMs)

/** JavaScript's "same day next month" for a UTC instant, as Postgres adds interval '1 month' in UTC. */
function plusOneMonth(ms: number): number {
  const d = new Date(ms)
  const day = d.getUTCDate()
  d.setUTCDate(1)
  d.setUTCMonth(d.getUTCMonth() + 1)
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate()
  d.setUTCDate(Math.min(day, last))
  return d.getTime()
}

describe('plan_amount_due: what create-payment charges (docs/product.md §9)', () => {
  it.each([
    [0, null, 200],
    [29, null, 200],
    [30, null, 200],
    [59.9, null, 200],
    [60, null, 500],
    [400, null, 500],
    [10, 'paid before', 500],
    [45, 'paid before', 500],
  ])('account %f days old, %s → %i', async (ageDays, paidBefore, amount) => {
    const id = await createUser(db)
    await ageAccount(id, ageDays)
    if (paidBefore)
      await run(
        db,
        null,
        `update public.profiles set subscription_start_date = now() - interval '1 day' where id = $1`,
        [id],
      )
    const [row] = await run<{ due: number }>(db, { role: 'service_role' }, `select public.plan_amount_due($1) as due`, [
      id,
    ])
    expect(row!.due).toBe(amount)
  })

  it('is not callable by members or visitors', async () => {
    const id = await createUser(db)
    expect(await sqlState(db, asUser(id), `select public.plan_amount_due($1)`, [id])).toBe('42501')
    expect(await sqlState(db, { role: 'anon' }, `select public.plan_amount_due($1)`, [id])).toBe('42501')
    expect(await sqlState(db, asUser(id), `select public.apply_paid_payment(gen_random_uuid())`)).toBe('42501')
  })
})

describe('create-payment charges the caller’s phase', () => {
  it('refuses CHF 5 in the welcome phase and CHF 2 after it, and records nothing', async () => {
    const welcome = await ts.newUser()
    await ageAccount(welcome.id, 45)
    expect(await status(createPayment(welcome, 500))).toEqual([
      409,
      { error: "your plan's payment is 200 (hundredths of CHF), not 500" },
    ])
    const late = await ts.newUser()
    await ageAccount(late.id, 61)
    expect(await status(createPayment(late, 200))).toEqual([
      409,
      { error: "your plan's payment is 500 (hundredths of CHF), not 200" },
    ])
    const rows = await run(db, null, `select 1 from public.payments where user_id = any($1)`, [[welcome.id, late.id]])
    expect(rows).toEqual([])
    expect(await status(createPayment(welcome, 200))).toEqual([200, null])
    expect(await status(createPayment(late, 500))).toEqual([200, null])
  })

  it('charges CHF 5 once the welcome month was paid, even inside the first 60 days', async () => {
    const u = await ts.newUser()
    await ageAccount(u.id, 35)
    await pay(u, 200)
    expect(await status(createPayment(u, 200))).toEqual([
      409,
      { error: "your plan's payment is 500 (hundredths of CHF), not 200" },
    ])
    expect(await status(createPayment(u, 500))).toEqual([200, null])
  })
})

describe('a payment covers one month', () => {
  it('from its date when nothing is paid, then from the end of the period already paid', async () => {
    const u = await ts.newUser()
    await ageAccount(u.id, 40)
    const before = Date.now()
    await pay(u, 200)
    const first = await plan(u.id)
    expect(first.subscription_status).toBe('active')
    near(first.paid_until, plusOneMonth(first.last_payment_date!.getTime()), 1)
    expect(first.last_payment_date!.getTime()).toBeGreaterThanOrEqual(before - 1000)

    await pay(u, 500)
    const second = await plan(u.id)
    near(second.paid_until, plusOneMonth(first.paid_until!.getTime()), 1)
    expect(second.subscription_start_date).toEqual(first.subscription_start_date)
  })

  it('from its date when the paid period has already ended (no credit for lapsed time)', async () => {
    const u = await ts.newUser()
    await ageAccount(u.id, 100)
    await run(
      db,
      null,
      `update public.profiles set subscription_status = 'active', subscription_start_date = now() - interval '70 days',
         last_payment_date = now() - interval '40 days', paid_until = now() - interval '10 days' where id = $1`,
      [u.id],
    )
    await pay(u, 500)
    const p = await plan(u.id)
    near(p.paid_until, plusOneMonth(p.last_payment_date!.getTime()), 1)
    expect(p.paid_until!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS)
  })

  it('after a cancel, paying again reactivates and keeps the days already paid', async () => {
    const u = await ts.newUser()
    await ageAccount(u.id, 45)
    await pay(u, 200)
    const paid = await plan(u.id)
    await u.client.rpc('cancel_subscription')
    expect((await plan(u.id)).subscription_status).toBe('cancelled')
    expect((await plan(u.id)).paid_until).toEqual(paid.paid_until)
    await pay(u, 500)
    const again = await plan(u.id)
    expect(again.subscription_status).toBe('active')
    near(again.paid_until, plusOneMonth(paid.paid_until!.getTime()), 1)
  })
})

describe('paid_until: server-written, the owner reads it through my_profile', () => {
  it('is in the owner’s my_profile row and in the row cancel_subscription returns', async () => {
    const u = await ts.newUser()
    await ageAccount(u.id, 31)
    await pay(u, 200)
    const { data } = await u.client.from('my_profile').select('paid_until').single()
    expect(typeof (data as { paid_until: unknown }).paid_until).toBe('string')
    const cancelled = await u.client.rpc('cancel_subscription')
    expect(cancelled.data).toMatchObject({ subscription_status: 'cancelled', paid_until: expect.any(String) })
  })

  it('cannot be read from profiles or written by members', async () => {
    const u = await ts.newUser()
    expect((await u.client.from('profiles').select('paid_until').eq('id', u.id)).error?.code).toBe('42501')
    expect(
      (await u.client.from('profiles').update({ paid_until: '2099-01-01T00:00:00Z' }).eq('id', u.id)).error?.code,
    ).toBe('42501')
    expect((await plan(u.id)).paid_until).toBeNull()
  })

  it('defaults to one month after the last payment when a subscription is made active without it (seed, old rows)', async () => {
    const id = await createUser(db)
    await run(
      db,
      null,
      `update public.profiles set subscription_status = 'active', last_payment_date = '2026-03-10T08:00:00Z' where id = $1`,
      [id],
    )
    expect((await plan(id)).paid_until).toEqual(new Date('2026-04-10T08:00:00Z'))
  })

  it('is set for the seeded active member Anna', async () => {
    const [anna] = await run<{ paid_until: Date | null; last_payment_date: Date }>(
      db,
      null,
      `select paid_until, last_payment_date from public.profiles where email = 'anna@demo.kreis.ch'`,
    )
    expect(anna!.paid_until).not.toBeNull()
    near(anna!.paid_until, plusOneMonth(anna!.last_payment_date.getTime()), 1)
  })
})

describe('what a payment buys is decided when it is applied', () => {
  /** Opens a checkout (create-payment) and returns its payment link. */
  async function open(u: TestUser, amount: number): Promise<string> {
    const { data, error } = await createPayment(u, amount)
    expect(error).toBeNull()
    return (data as { paymentUrl: string }).paymentUrl
  }
  /** The checkout page's button, then the page the payer lands on calls handle-payment-success. */
  async function finish(u: TestUser, link: string, button: 'pay' | 'cancel') {
    const res = await fetch(`${link}/${button}`, { method: 'POST', redirect: 'manual' })
    const gatewayId = new URL(res.headers.get('location')!).searchParams.get('gatewayId')
    expect(gatewayId).not.toBeNull()
    return status(u.client.functions.invoke('handle-payment-success', { body: { userId: u.id, gatewayId } }))
  }
  const createdAt = async (id: string) =>
    (
      await run<{ created_at: Date }>(db, null, `select created_at from public.profiles where id = $1`, [id])
    )[0]!.created_at.getTime()

  it('paying during the free month buys the month after it', async () => {
    const u = await ts.newUser()
    await finish(u, await open(u, 200), 'pay')
    near((await plan(u.id)).paid_until, plusOneMonth((await createdAt(u.id)) + 30 * DAY_MS))
  })

  it('the welcome price buys a whole month once: checkouts opened before the first was paid buy CHF 2 of CHF 5', async () => {
    const u = await ts.newUser()
    const links = [await open(u, 200), await open(u, 200), await open(u, 200)]
    for (const link of links) expect(await finish(u, link, 'pay')).toEqual([200, null])
    const monthEnd = plusOneMonth((await createdAt(u.id)) + 30 * DAY_MS)
    // One month, then 2 × 12 days — not three months for CHF 6.
    near((await plan(u.id)).paid_until, monthEnd + 24 * DAY_MS)
  })

  it('a checkout cancelled on the payment page is recorded as cancelled, and buys nothing', async () => {
    const u = await ts.newUser()
    expect((await finish(u, await open(u, 200), 'cancel'))[0]).toBe(409)
    const rows = await run<{ status: string }>(db, null, `select status from public.payments where user_id = $1`, [
      u.id,
    ])
    expect(rows).toEqual([{ status: 'cancelled' }])
    expect((await plan(u.id)).paid_until).toBeNull()
  })
})

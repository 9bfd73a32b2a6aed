/**
 * Database.withClaims as the data API relies on it: one transaction as the caller's role with request.jwt.claims
 * set (one `set_config` round trip, as PostgREST does), nothing left behind for the next caller, even when
 * callers interleave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Claims } from '../db/database.ts'
import { startTestStack, type TestStack } from '../testing/test-stack.ts'

let ts: TestStack

beforeAll(async () => {
  ts = await startTestStack()
})

afterAll(async () => {
  await ts?.stop()
})

const WHO = `select current_user::text as "user", auth.uid()::text as uid, auth.role() as role`

describe('Database.withClaims', () => {
  it("runs as the claims' role with request.jwt.claims set", async () => {
    const claims: Claims = { role: 'authenticated', sub: '00000000-0000-4000-8000-000000000009' }
    const { rows } = await ts.stack.ctx.db.withClaims(claims, (tx) => tx.query(WHO))
    expect(rows).toEqual([{ user: 'authenticated', uid: claims.sub, role: 'authenticated' }])
  })

  it('leaves no role or claims behind for later statements', async () => {
    await ts.stack.ctx.db.withClaims({ role: 'anon' }, (tx) => tx.query('select 1'))
    const { rows } = await ts.stack.ctx.db.pg.query(WHO)
    expect(rows).toEqual([{ user: 'postgres', uid: null, role: null }])
  })

  it('keeps interleaved callers apart', async () => {
    const db = ts.stack.ctx.db
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const sub = `00000000-0000-4000-8000-${String(100 + i).padStart(12, '0')}`
        const claims: Claims = i % 2 ? { role: 'authenticated', sub } : { role: 'anon' }
        return db.withClaims(claims, async (tx) => {
          await new Promise((r) => setTimeout(r, 1))
          const { rows } = await tx.query<{ user: string; uid: string | null }>(WHO)
          return { expected: [claims.role, claims.sub ?? null], got: [rows[0]!.user, rows[0]!.uid] }
        })
      }),
    )
    for (const r of results) expect(r.got).toEqual(r.expected)
  })

  it('refuses a role outside anon, authenticated and service_role', async () => {
    const claims = { role: 'postgres' } as unknown as Claims
    await expect(ts.stack.ctx.db.withClaims(claims, (tx) => tx.query('select 1'))).rejects.toThrow(
      /unknown database role/,
    )
  })
})

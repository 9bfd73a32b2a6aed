/** The sandbox gateways (sandbox.sql), read and written as superuser with parameterised SQL. */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from '../db/database.ts'

const SANDBOX_SQL = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sandbox.sql')

export type SandboxStatus = 'waiting' | 'confirmed' | 'cancelled'

export interface SandboxGateway {
  id: string
  hash: string
  amount: number
  currency: string
  purpose: string
  referenceId: string
  successUrl: string
  failedUrl: string
  cancelUrl: string
  status: SandboxStatus
}

export interface NewGateway {
  amount: number
  currency: string
  purpose: string
  referenceId: string
  successUrl: string
  failedUrl: string
  cancelUrl: string
}

interface GatewayRow {
  id: number | bigint
  hash: string
  amount: number
  currency: string
  purpose: string
  reference_id: string
  success_url: string
  failed_url: string
  cancel_url: string
  status: SandboxStatus
}

const COLUMNS = 'id, hash, amount, currency, purpose, reference_id, success_url, failed_url, cancel_url, status'

const toGateway = (r: GatewayRow): SandboxGateway => ({
  id: String(r.id),
  hash: r.hash,
  amount: r.amount,
  currency: r.currency,
  purpose: r.purpose,
  referenceId: r.reference_id,
  successUrl: r.success_url,
  failedUrl: r.failed_url,
  cancelUrl: r.cancel_url,
  status: r.status,
})

export class SandboxStore {
  private ready: Promise<void> | null = null

  constructor(private readonly db: Database) {}

  private ensure(): Promise<void> {
    this.ready ??= this.db.pg.exec(fs.readFileSync(SANDBOX_SQL, 'utf8')).then(() => undefined)
    return this.ready
  }

  async create(g: NewGateway): Promise<SandboxGateway> {
    await this.ensure()
    const { rows } = await this.db.pg.query<GatewayRow>(
      `insert into sandbox.gateways (hash, amount, currency, purpose, reference_id, success_url, failed_url, cancel_url)
       values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${COLUMNS}`,
      [
        crypto.randomBytes(16).toString('hex'),
        g.amount,
        g.currency,
        g.purpose,
        g.referenceId,
        g.successUrl,
        g.failedUrl,
        g.cancelUrl,
      ],
    )
    return toGateway(rows[0]!)
  }

  async byId(id: string): Promise<SandboxGateway | null> {
    if (!/^\d{1,18}$/.test(id)) return null
    await this.ensure()
    const { rows } = await this.db.pg.query<GatewayRow>(`select ${COLUMNS} from sandbox.gateways where id = $1`, [id])
    return rows[0] ? toGateway(rows[0]) : null
  }

  async byHash(hash: string): Promise<SandboxGateway | null> {
    await this.ensure()
    const { rows } = await this.db.pg.query<GatewayRow>(`select ${COLUMNS} from sandbox.gateways where hash = $1`, [
      hash,
    ])
    return rows[0] ? toGateway(rows[0]) : null
  }

  /** Moves a waiting gateway to `status`; returns the gateway as it is afterwards (unchanged if it was not waiting). */
  async settle(hash: string, status: 'confirmed' | 'cancelled'): Promise<SandboxGateway | null> {
    await this.ensure()
    await this.db.pg.query(
      `update sandbox.gateways set status = $2, updated_at = now() where hash = $1 and status = 'waiting'`,
      [hash, status],
    )
    return this.byHash(hash)
  }
}

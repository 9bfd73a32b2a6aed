/**
 * A stand-in push service for tests and the bench: an HTTP server on loopback that records every request, and a
 * browser's side of a subscription (a P-256 key pair and an auth secret) that can open what was sent to it
 * (RFC 8291, written here with node:crypto, apart from the library the stack encrypts with) and check its VAPID
 * signature (RFC 8292).
 */
import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedPush {
  path: string
  headers: http.IncomingHttpHeaders
  body: Buffer
  /** performance.now() when the request's headers arrived. */
  at: number
}

export interface PushReceiver {
  origin: string
  received: ReceivedPush[]
  /** The status a path answers (default 201); 'hold' keeps the request open until release(). */
  answer(path: string, status: number | 'hold'): void
  release(): void
  /** Resolves with the first request to `path` (one already received, or the next). */
  next(path: string): Promise<ReceivedPush>
  /** Resolves with the n-th request received (0-based), whatever its path. */
  nth(n: number): Promise<ReceivedPush>
  close(): Promise<void>
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const received: ReceivedPush[] = []
  const answers = new Map<string, number | 'hold'>()
  const held: http.ServerResponse[] = []
  let waiters: { path: string; resolve: (r: ReceivedPush) => void }[] = []
  let counted: { n: number; resolve: (r: ReceivedPush) => void }[] = []
  const server = http.createServer((req, res) => {
    const at = performance.now()
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const push: ReceivedPush = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), at }
      received.push(push)
      waiters = waiters.filter((w) => (w.path === push.path ? (w.resolve(push), false) : true))
      counted = counted.filter((w) => (w.n === received.length - 1 ? (w.resolve(push), false) : true))
      const status = answers.get(push.path) ?? 201
      if (status === 'hold') held.push(res)
      else res.writeHead(status).end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    answer: (path, status) => answers.set(path, status),
    release: () => held.splice(0).forEach((res) => res.writeHead(201).end()),
    next(path) {
      const found = received.find((r) => r.path === path)
      return found ? Promise.resolve(found) : new Promise((resolve) => waiters.push({ path, resolve }))
    },
    nth(n) {
      const found = received[n]
      return found ? Promise.resolve(found) : new Promise((resolve) => counted.push({ n, resolve }))
    },
    async close() {
      held.splice(0).forEach((res) => res.destroy())
      server.closeAllConnections()
      await new Promise<void>((r) => server.close(() => r()))
    },
  }
}

const b64url = (b: Buffer) => b.toString('base64url')

/** A browser's subscription keys: what PushSubscription.toJSON() gives as keys, and what opens a push. */
export class SubscriberKeys {
  private readonly ecdh = crypto.createECDH('prime256v1')
  readonly authSecret = crypto.randomBytes(16)

  constructor() {
    this.ecdh.generateKeys()
  }

  get p256dh(): string {
    return b64url(this.ecdh.getPublicKey())
  }

  get auth(): string {
    return b64url(this.authSecret)
  }

  /** RFC 8291 §3–4 with RFC 8188's one-record aes128gcm framing; throws when the body does not authenticate. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16)
    const recordSize = body.readUInt32BE(16)
    const idLength = body[20]!
    const senderPublic = body.subarray(21, 21 + idLength)
    const record = body.subarray(21 + idLength)
    if (record.length > recordSize) throw new Error('more than one record')
    const shared = this.ecdh.computeSecret(senderPublic)
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderPublic])
    const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, this.authSecret, keyInfo, 32))
    const cek = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16))
    const nonce = Buffer.from(crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12))
    const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce)
    decipher.setAuthTag(record.subarray(record.length - 16))
    const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()])
    // The last record ends with the delimiter 0x02, then zero padding.
    let end = padded.length - 1
    while (end >= 0 && padded[end] === 0) end--
    if (padded[end] !== 2) throw new Error('no last-record delimiter')
    return padded.subarray(0, end).toString('utf8')
  }
}

export interface VapidClaims {
  aud: string
  exp: number
  sub: string
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292 §2–3): k must be `publicKey`, and the JWT an
 * ES256 token signed by it. Returns its claims.
 */
export function verifyVapid(authorization: string | undefined, publicKey: string): VapidClaims {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '')
  if (!match) throw new Error(`not a VAPID authorization: ${authorization}`)
  const [, token, k] = match
  if (k !== publicKey) throw new Error('signed for another public key')
  const [header, claims, signature] = token!.split('.') as [string, string, string]
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('not ES256')
  const point = Buffer.from(publicKey, 'base64url')
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  })
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  )
  if (!ok) throw new Error('bad VAPID signature')
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as VapidClaims
}

/**
 * The local stack's VAPID key pair (RFC 8292): made on the first start and kept in the data directory, so that the
 * browsers' subscriptions (bound to the public key) stay valid across restarts; in memory for a stack without one.
 */
import fs from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'

export interface VapidKeys {
  publicKey: string
  privateKey: string
}

export const VAPID_FILE = path.join('push', 'vapid.json')

function isKeys(v: unknown): v is VapidKeys {
  const k = v as Partial<VapidKeys> | null
  return (
    typeof k?.publicKey === 'string' &&
    typeof k.privateKey === 'string' &&
    k.publicKey.length > 0 &&
    k.privateKey.length > 0
  )
}

export function loadOrCreateVapidKeys(dataDir: string | null): VapidKeys {
  if (!dataDir) return webpush.generateVAPIDKeys()
  const file = path.join(dataDir, VAPID_FILE)
  if (fs.existsSync(file)) {
    const stored: unknown = JSON.parse(fs.readFileSync(file, 'utf8'))
    if (!isKeys(stored))
      throw new Error(`${file} holds no VAPID key pair; remove it to make a new one (subscriptions then end)`)
    return { publicKey: stored.publicKey, privateKey: stored.privateKey }
  }
  const keys = webpush.generateVAPIDKeys()
  fs.mkdirSync(path.dirname(file), { recursive: true })
  // Only the stack's user may read the private key.
  fs.writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 })
  return keys
}

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { loadOrCreateVapidKeys, VAPID_FILE } from './vapid-keys.ts'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

describe('the stack VAPID keys', () => {
  it('are made on the first start, kept readable only by their owner, and the same on the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-vapid-'))
    dirs.push(dir)
    const first = loadOrCreateVapidKeys(dir)
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65)
    expect(fs.statSync(path.join(dir, VAPID_FILE)).mode & 0o077).toBe(0)
    expect(loadOrCreateVapidKeys(dir)).toEqual(first)
  })

  it('live in memory for a stack without a data directory, a new pair each time', () => {
    expect(loadOrCreateVapidKeys(null).publicKey).not.toBe(loadOrCreateVapidKeys(null).publicKey)
  })

  it('refuse to start on a damaged key file rather than silently ending every subscription', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-vapid-'))
    dirs.push(dir)
    fs.mkdirSync(path.join(dir, 'push'))
    fs.writeFileSync(path.join(dir, VAPID_FILE), '{}')
    expect(() => loadOrCreateVapidKeys(dir)).toThrow(/no VAPID key pair/)
  })
})

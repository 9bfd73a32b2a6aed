/**
 * The built bundle (dist/, what `npm start` just built) holds only public values: the anon key may be in it,
 * the service_role key and the JWT secret never — neither the local defaults nor whatever this shell sets.
 */
import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { DEFAULT_JWT_SECRET, DEFAULT_SERVICE_ROLE_KEY } from '../supabase/local/config.ts'

const DIST = path.resolve(import.meta.dirname, '..', process.env.KREIS_BUILD_DIR || 'dist')
const JWT = /eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+/g

function distFiles(dir = DIST): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) return distFiles(full)
    return /\.(js|html|css|webmanifest|json|map)$/.test(e.name) ? [full] : []
  })
}

function jwtRole(token: string): unknown {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).role
  } catch {
    return undefined
  }
}

test.describe('built bundle', () => {
  test('contains no service_role key, no service_role JWT and no JWT secret', () => {
    const files = distFiles()
    const text = files.map((f) => fs.readFileSync(f, 'utf8')).join('\n')
    // The scan reads the real bundle: the app's own copy is in it.
    expect(files.some((f) => f.endsWith('sw.js'))).toBe(true)
    expect(text).toContain('Wear stories, not trends.')

    const secrets = [
      DEFAULT_SERVICE_ROLE_KEY,
      DEFAULT_JWT_SECRET,
      process.env.SUPABASE_SERVICE_ROLE_KEY,
      process.env.SUPABASE_JWT_SECRET,
    ].filter((s): s is string => Boolean(s))
    for (const secret of secrets) expect(text.includes(secret), `a secret starting ${secret.slice(0, 12)}…`).toBe(false)
    const roles = [...text.matchAll(JWT)].map((m) => jwtRole(m[0]))
    expect(roles).not.toContain('service_role')
  })
})

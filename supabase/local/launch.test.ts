/**
 * The prebuilt stack bundle (launch.mjs, docs/decisions.md#D-fast-start): built once, reused while every source it was built from
 * is unchanged, built again when one changed (a stale bundle would run old code), and the bundled stack finds its
 * SQL files beside the sources. Builds into a temporary cache directory, never the shared one.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { silentLogger } from './shared/logger.ts'
import { loadTemplate } from './testing/template.ts'

const cacheDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kreis-bundle-test-'))
let launch: typeof import('./launch.mjs')
let bundle: string

beforeAll(async () => {
  process.env.KREIS_BUNDLE_DIR = cacheDir
  launch = await import('./launch.mjs')
  bundle = await launch.buildBundle()
})

afterAll(() => {
  delete process.env.KREIS_BUNDLE_DIR
  fs.rmSync(cacheDir, { recursive: true, force: true })
})

const manifestFile = () => path.join(cacheDir, 'stack-bundle.json')
const readManifest = () => JSON.parse(fs.readFileSync(manifestFile(), 'utf8')) as { inputs: Record<string, string> }

describe('the stack bundle', () => {
  it('is built into the cache directory given and reused while its sources are unchanged', () => {
    expect(launch.BUNDLE_CACHE_DIR).toBe(cacheDir)
    expect(bundle.startsWith(cacheDir)).toBe(true)
    expect(launch.currentBundle()).toBe(bundle)
    // Every TypeScript module of the stack is an input, with the hash of its content.
    expect(Object.keys(readManifest().inputs)).toEqual(
      expect.arrayContaining(['supabase/local/stack.ts', 'supabase/local/rest/plan.ts']),
    )
  })

  it('is not reused once a source it was built from has other content', () => {
    const original = fs.readFileSync(manifestFile(), 'utf8')
    try {
      const manifest = readManifest()
      manifest.inputs['supabase/local/rest/plan.ts'] = '0'.repeat(40)
      fs.writeFileSync(manifestFile(), JSON.stringify(manifest))
      expect(launch.currentBundle()).toBeNull()
    } finally {
      fs.writeFileSync(manifestFile(), original)
    }
    expect(launch.currentBundle()).toBe(bundle)
  })

  it('starts a stack that reads its SQL files from beside the sources and answers a read', async () => {
    const m = (await import(pathToFileURL(bundle).href)) as typeof import('./bundle-entry.ts')
    const config = m.loadConfig({ ...process.env, KREIS_DATA_DIR: ':memory:', KREIS_API_PORT: '0' })
    const stack = await m.startStack(config, { template: await loadTemplate(), log: silentLogger })
    try {
      const res = await fetch(`${stack.url}/rest/v1/listings?select=id&limit=1`, {
        headers: { apikey: config.anonKey },
      })
      expect(res.status).toBe(200)
      expect(await res.json()).toHaveLength(1)
    } finally {
      await stack.close()
    }
  })
})

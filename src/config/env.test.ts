import { describe, expect, it } from 'vitest'
import { DEFAULT_SUPABASE_ANON_KEY, DEFAULT_SUPABASE_URL } from './defaults'
import { parseEnv } from './env'

describe('app environment', () => {
  it('defaults to the local stack of npm start', () => {
    expect(parseEnv({})).toEqual({ supabaseUrl: DEFAULT_SUPABASE_URL, supabaseAnonKey: DEFAULT_SUPABASE_ANON_KEY })
  })

  it('takes the hosted project from VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY, without a trailing slash', () => {
    const env = parseEnv({ VITE_SUPABASE_URL: 'https://abc.supabase.co/', VITE_SUPABASE_ANON_KEY: 'x'.repeat(40) })
    expect(env).toEqual({ supabaseUrl: 'https://abc.supabase.co', supabaseAnonKey: 'x'.repeat(40) })
  })

  it('rejects a URL that is not http(s), naming the variable', () => {
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'ftp://example.com' })).toThrow(/VITE_SUPABASE_URL/)
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'not a url' })).toThrow(/VITE_SUPABASE_URL/)
  })

  it('rejects a key too short to be one, naming the variable', () => {
    expect(() => parseEnv({ VITE_SUPABASE_ANON_KEY: 'short' })).toThrow(/VITE_SUPABASE_ANON_KEY/)
  })
})

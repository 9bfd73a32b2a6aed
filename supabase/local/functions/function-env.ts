/**
 * What a function sees as its environment: what hosted Supabase injects (SUPABASE_URL and the keys), the app's
 * URL for return links, and the operator's function secrets (PAYREXX_*, KREIS_FN_*; config.functionsEnv).
 * Read at call time, because the API URL learns its port only once the server listens.
 */
import type { StackContext } from '../context.ts'
import type { Env } from '../../functions/_shared/env.ts'

export function functionEnv(ctx: StackContext): Env {
  return (name) => {
    switch (name) {
      case 'SUPABASE_URL':
        return ctx.config.apiUrl
      case 'SUPABASE_ANON_KEY':
        return ctx.config.anonKey
      case 'SUPABASE_SERVICE_ROLE_KEY':
        return ctx.config.serviceRoleKey
      case 'KREIS_SITE_URL':
        return ctx.config.siteUrl
      default:
        return ctx.config.functionsEnv[name]
    }
  }
}

/**
 * What a function sees as its environment: what hosted Supabase injects (SUPABASE_URL and the keys), the app's
 * URL for return links, the stack's VAPID keys, and the operator's function secrets (PAYREXX_*, KREIS_FN_*; config.functionsEnv).
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
      // The stack's own key pair (push/vapid-keys.ts), which its in-process sender signs with too.
      case 'VAPID_PUBLIC_KEY':
        return ctx.vapid.publicKey
      case 'VAPID_PRIVATE_KEY':
        return ctx.vapid.privateKey
      // Locally the push receivers of tests listen on loopback over plain http.
      case 'KREIS_PUSH_ALLOW_LOOPBACK_HTTP':
        return '1'
      default:
        return ctx.config.functionsEnv[name]
    }
  }
}

/** GoTrue's JSON user object (docs/supabase-wire.md §2.3), built from an auth.users row. */
import crypto from 'node:crypto'
import type { UserRow } from './users.ts'

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null)

export function appMetadata(u: UserRow): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], ...(u.raw_app_meta_data ?? {}) }
}

/** The caller's own data plus what GoTrue copies in from the e-mail identity. */
export function userMetadata(u: UserRow): Record<string, unknown> {
  return {
    ...(u.raw_user_meta_data ?? {}),
    email: u.email,
    email_verified: u.email_confirmed_at !== null,
    phone_verified: false,
    sub: u.id,
  }
}

export function userJson(u: UserRow): Record<string, unknown> {
  const identityData = {
    email: u.email,
    email_verified: u.email_confirmed_at !== null,
    phone_verified: false,
    sub: u.id,
  }
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.email_confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: appMetadata(u),
    user_metadata: userMetadata(u),
    identities: [
      {
        // The local stack keeps one e-mail identity per user and no identities table: the user's id serves.
        identity_id: u.id,
        id: u.id,
        user_id: u.id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: iso(u.last_sign_in_at),
        created_at: iso(u.created_at),
        updated_at: iso(u.updated_at),
        email: u.email,
      },
    ],
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous,
  }
}

/**
 * What GoTrue answers a repeated sign-up when confirmation is on: a made-up, unconfirmed user, so the answer does
 * not tell whether the address is registered.
 */
export function obfuscatedUserJson(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString()
  return {
    id: crypto.randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  }
}

/** Fixed values of the local auth API (the adjustable ones are in config.ts). */

/** bcrypt cost; pgcrypto's gen_salt('bf', 10) in the seed uses the same. */
export const BCRYPT_COST = 10
/** bcrypt reads only the first 72 bytes of a password; GoTrue refuses longer ones instead of truncating. */
export const MAX_PASSWORD_BYTES = 72
/** GoTrue's GOTRUE_MAILER_OTP_EXP default: confirmation and recovery links live one day. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000
export const MAX_EMAIL_LENGTH = 255
/** Auth requests are small JSON documents. */
export const AUTH_BODY_LIMIT_BYTES = 64 * 1024
/** Random bytes in a refresh token and in an e-mail link token. */
export const TOKEN_BYTES = 32
export const API_VERSION_HEADER = 'x-supabase-api-version'
export const API_VERSION = '2024-01-01'
/** Where a recovery link leads when the request names no (allowed) redirect target. */
export const RESET_PASSWORD_PATH = '/auth/reset-password'

/**
 * Seconds a rotated refresh token is still answered with the session's current token (supabase/config.toml
 * [auth] refresh_token_reuse_interval = 10): two refreshes of one token at once both keep the session.
 */
export const REFRESH_TOKEN_REUSE_INTERVAL_S = 10

/**
 * Password hashes as GoTrue (Go's x/crypto/bcrypt) and the seed's pgcrypto write them: `$2a$`, cost 10. bcryptjs 3
 * writes `$2b$`, which differs from `$2a$` only for passwords over 255 bytes (we refuse anything over 72), so its
 * salt is relabelled.
 */
import bcrypt from 'bcryptjs'
import { BCRYPT_COST } from './constants.ts'

export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(BCRYPT_COST)).replace(/^\$2b\$/, '$2a$')
  return bcrypt.hash(password, salt)
}

// Compared against when there is no stored hash, so that an unknown e-mail costs as much time as a wrong password.
// Made on first use: hashing at import would add a bcrypt round to every stack start.
let dummyHash: Promise<string> | null = null

export async function passwordMatches(password: string, hash: string | null | undefined): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash || (await (dummyHash ??= bcrypt.hash('not-a-password', BCRYPT_COST))))
  return ok && !!hash
}

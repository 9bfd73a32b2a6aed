/** Opaque tokens: refresh tokens (stored as issued) and e-mail link tokens (only their hash is stored). */
import crypto from 'node:crypto'
import { TOKEN_BYTES } from './constants.ts'

export const randomToken = (): string => crypto.randomBytes(TOKEN_BYTES).toString('base64url')

export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex')

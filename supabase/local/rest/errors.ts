/**
 * PostgREST's errors: its own PGRST codes for bad requests, and Postgres SQLSTATEs mapped to HTTP statuses as
 * PostgREST v12 maps them (docs "Errors" → "SQLSTATE to HTTP status"). The body never carries the SQL text or its
 * parameters (PGlite adds both to its errors).
 */
import { messages } from '@electric-sql/pglite'
import type { DbRole } from '../db/database.ts'
import { HttpError, restError } from '../shared/http-error.ts'

export const parseError = (what: string, raw: string, details: string) =>
  restError(400, 'PGRST100', `"failed to parse ${what}" (${raw})`, details)

export const unknownColumn = (relation: string, column: string) =>
  restError(400, '42703', `column ${relation}.${column} does not exist`)

export const unknownTable = (name: string, schema = 'public') =>
  restError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`)

export const unknownPayloadColumn = (relation: string, column: string) =>
  restError(400, 'PGRST204', `Could not find the '${column}' column of '${relation}' in the schema cache`)

export const noRelationship = (from: string, to: string) =>
  restError(
    400,
    'PGRST200',
    `Could not find a relationship between '${from}' and '${to}' in the schema cache`,
    `Searched for a foreign key relationship between '${from}' and '${to}' in the schema 'public', ` +
      'but no matches were found.',
  )

export const invalidBody = (details: string) => restError(400, 'PGRST102', 'Empty or invalid json', details)

export const singleObjectError = (rows: number) =>
  restError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`)

/** PostgREST v12's SQLSTATE → status table; anything unlisted is a client error (400). */
function statusFor(code: string, role: DbRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403
  // `raise sqlstate 'PT402'` picks the HTTP status itself (PostgREST's custom-status convention).
  if (/^PT[1-5]\d\d$/.test(code)) return Number(code.slice(2))
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    P0001: 400,
  }
  if (code in exact) return exact[code]!
  const prefix: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  }
  return prefix[code.slice(0, 2)] ?? 400
}

/** A Postgres error as PostgREST reports it; null when `e` is not one (a bug, left to the app's 500 handler). */
export function fromDatabaseError(e: unknown, role: DbRole): HttpError | null {
  if (!(e instanceof messages.DatabaseError)) return null
  const code = e.code ?? 'XX000'
  return restError(statusFor(code, role), code, e.message, e.detail ?? null, e.hint ?? null)
}

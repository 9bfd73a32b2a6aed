import { Hono } from 'hono'
import type { StackContext } from '../context.ts'

/** Placeholder until the auth API is built. */
export function createAuthApi(_ctx: StackContext): Hono {
  return new Hono()
}

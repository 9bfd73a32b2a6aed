import { Hono } from 'hono'
import type { StackContext } from '../context.ts'

/** Placeholder until the rest API is built. */
export function createRestApi(_ctx: StackContext): Hono {
  return new Hono()
}

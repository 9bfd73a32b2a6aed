import { Hono } from 'hono'
import type { StackContext } from '../context.ts'

/** Placeholder until the functions API is built. */
export function createFunctionsApi(_ctx: StackContext): Hono {
  return new Hono()
}

import { Hono } from 'hono'
import type { StackContext } from '../context.ts'

/** Placeholder until the storage API is built. */
export function createStorageApi(_ctx: StackContext): Hono {
  return new Hono()
}

/** Vitest global setup: build the database template once, before the workers start. */
import { ensureTemplate } from './template.ts'

export default async function setup(): Promise<void> {
  await ensureTemplate()
}

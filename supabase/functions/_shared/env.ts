/**
 * How a function reads its settings: `Deno.env.get` on hosted Supabase, the local stack's function environment
 * locally. Handlers receive this getter instead of touching a runtime's globals.
 */
export type Env = (name: string) => string | undefined

/** A setting the function cannot work without; a missing one is the operator's mistake, reported as such. */
export function required(env: Env, name: string): string {
  const value = env(name)
  if (!value) throw new Error(`the function's environment lacks ${name}`)
  return value
}

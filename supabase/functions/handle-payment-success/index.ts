// Hosted entry (Deno): the same handler the local stack runs in-process.
import { createHandler } from './handler.ts'

Deno.serve(createHandler((name) => Deno.env.get(name)))

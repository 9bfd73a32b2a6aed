/** Time and randomness as the engine sees them, so tests can run it on a virtual clock with a seeded PRNG. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Uniform in [0, 1). */
  random(): number
}

export const systemClock: Clock = { now: () => Date.now(), random: () => Math.random() }

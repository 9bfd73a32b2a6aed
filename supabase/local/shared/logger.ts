/** Where the local stack's APIs report what happened: the console when run, nothing in tests. */
export interface Logger {
  info(message: string): void
  warn(message: string): void
  error(message: string, error?: unknown): void
}

export const consoleLogger: Logger = {
  info: (m) => console.log(`[kreis] ${m}`),
  warn: (m) => console.warn(`[kreis] ${m}`),
  error: (m, e) => console.error(`[kreis] ${m}`, e ?? ''),
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }

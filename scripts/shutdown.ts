/** Closes everything once on SIGINT/SIGTERM (a second signal forces the exit), then exits. */
export function closeOnSignal(close: () => Promise<void>): void {
  let closing = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) {
      console.log(`[kreis] ${signal} again: exiting now`)
      process.exit(1)
    }
    closing = true
    console.log(`[kreis] ${signal}: stopping`)
    close().then(
      () => process.exit(0),
      (e) => {
        console.error('[kreis] shutdown failed', e)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
}

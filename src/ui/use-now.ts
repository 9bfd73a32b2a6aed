import { useEffect, useState } from 'react'

/** The time (ms), refreshed every `everyMs`, so relative times ("5 min") move on while the screen stays open. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(id)
  }, [everyMs])
  return now
}

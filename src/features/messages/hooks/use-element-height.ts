import { useEffect, useState } from 'react'

/**
 * The height (px) of the element with this id, kept up to date (the app header is one row on wide screens and two
 * on phones), so a screen can fill exactly the space between the header and the tab bar. 0 until measured.
 */
export function useElementHeight(id: string): number {
  const [height, setHeight] = useState(0)
  useEffect(() => {
    const el = document.getElementById(id)
    if (!el) return
    const measure = () => setHeight(el.getBoundingClientRect().height)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [id])
  return height
}

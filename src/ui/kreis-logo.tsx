/** The Kreis mark, a "K" in a ring (Kreis means circle); the same drawing as scripts/make-icons.ts. */
export function KreisMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 512 512" className={className} aria-hidden="true" focusable="false">
      <circle cx="256" cy="256" r="256" fill="#166534" />
      <circle cx="256" cy="256" r="184" fill="none" stroke="#fdf6e3" strokeWidth="28" />
      <path
        d="M206 160V352M206 262L306 160M232 236L312 352"
        fill="none"
        stroke="#fdf6e3"
        strokeWidth="36"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

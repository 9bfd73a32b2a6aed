/** The confirmation that shows after a successful sign-in, sign-up or reset, until the redirect (docs/product.md §2.5). */
export function AuthConfirmation({ title, text }: { title?: string; text: string }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-2xl border border-green-200 bg-green-50 p-8 text-center"
    >
      <svg
        viewBox="0 0 24 24"
        className="h-12 w-12 text-green-800"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="12" cy="12" r="10" />
        <path d="M7 12.5l3.5 3.5L17 9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {title && <h2 className="text-2xl font-bold text-green-900">{title}</h2>}
      <p className="text-lg text-stone-800">{text}</p>
    </div>
  )
}

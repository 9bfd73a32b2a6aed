/** A centred spinner with its words, while the session resolves (docs/product.md §2.1, §4: "Loading at start"). */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-4 px-4 py-16"
    >
      <span
        aria-hidden="true"
        className="h-10 w-10 rounded-full border-4 border-green-200 border-t-green-800 motion-safe:animate-spin"
      />
      <span className="text-stone-700">{label}</span>
    </div>
  )
}

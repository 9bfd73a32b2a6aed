import type { ListingRow } from '@/data'
import { joinName } from '@/domain/listing-view'
import { anyConditionLabel, generatedDescription, sellerName, t } from '@/i18n'

/** Product details as a short definition list: condition, brand, size (rows without a value are left out). */
export function ItemDetails({ listing }: { listing: ListingRow }) {
  const rows: [string, string | null][] = [
    [t('item.condition'), anyConditionLabel(listing.condition)],
    [t('item.brand'), listing.brand?.trim() || null],
    [t('item.size'), listing.size?.trim() || null],
  ]
  return (
    <section aria-labelledby="item-details-title" className="flex flex-col gap-2">
      <h2 id="item-details-title" className="text-lg font-semibold text-stone-900">
        {t('item.details')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 rounded-xl bg-stone-50 p-4 text-sm">
        {rows
          .filter(([, value]) => value !== null)
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-600">{label}</dt>
              <dd className="font-medium text-stone-900">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  )
}

/** The description as plain text, or the generated sentence when the seller wrote none (docs/product.md §2.11). */
export function ItemDescription({ listing }: { listing: ListingRow }) {
  const text = listing.description?.trim() || generatedDescription(listing.title, listing.condition)
  return (
    <section aria-labelledby="item-description-title" className="flex flex-col gap-2">
      <h2 id="item-description-title" className="text-lg font-semibold text-stone-900">
        {t('item.description')}
      </h2>
      <p className="whitespace-pre-line text-stone-800">{text}</p>
    </section>
  )
}

/** The seller card: name (or "Anonymous") and "Active seller". */
export function SellerCard({ listing }: { listing: ListingRow }) {
  const name = sellerName(joinName({ first_name: listing.seller_first_name, last_name: listing.seller_last_name }))
  return (
    <section aria-label={t('item.seller')} className="flex items-center gap-3 rounded-xl border border-stone-200 p-4">
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-amber-200 text-lg font-semibold text-stone-900"
      >
        {name.charAt(0).toUpperCase()}
      </span>
      <div>
        <p className="font-semibold text-stone-900">{name}</p>
        <p className="text-sm text-stone-700">{t('item.activeSeller')}</p>
      </div>
    </section>
  )
}

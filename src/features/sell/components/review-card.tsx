import { isCategory } from '@/domain/categories'
import type { DetailsFormValues } from '@/domain/listing-form'
import { splitTags } from '@/domain/listing-fields'
import { storedLocation } from '@/domain/places'
import { formatPrice } from '@/i18n/format'
import { anyConditionLabel, categoryLabel, productTypeLabel, t } from '@/i18n'
import { locationLabel } from '@/i18n/place-label'

/** The preview's review card (docs/product.md §2.10): first image with "+N more", then every field as it will be listed. */
export function ReviewCard({
  values,
  cover,
  photoCount,
}: {
  values: DetailsFormValues
  cover: string | null
  photoCount: number
}) {
  const tags = splitTags(values.tags)
  const rows: [string, string | null][] = [
    [t('preview.category'), isCategory(values.category) ? categoryLabel(values.category) : values.category],
    [t('preview.productType'), values.productType ? productTypeLabel(values.productType) : null],
    [t('preview.condition'), anyConditionLabel(values.condition)],
    [t('preview.size'), values.size.trim() || null],
    [t('preview.brand'), values.brand.trim() || null],
    [t('preview.fabric'), values.fabric.trim() || null],
  ]
  return (
    <article className="overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm md:grid md:grid-cols-2">
      <div className="relative aspect-[4/5] bg-stone-100">
        {cover && <img src={cover} alt={values.title.trim()} className="h-full w-full object-cover" />}
        <span className="absolute left-3 top-3 rounded-full bg-green-800 px-2.5 py-0.5 text-xs font-semibold text-white">
          {t('upload.primary')}
        </span>
        {photoCount > 1 && (
          <span className="absolute bottom-3 right-3 rounded-full bg-stone-900/80 px-3 py-1 text-sm font-semibold text-white">
            {t('preview.morePhotos', { count: photoCount - 1 })}
          </span>
        )}
      </div>
      <div className="flex flex-col gap-3 p-5">
        <h3 className="text-xl font-bold text-stone-900 [overflow-wrap:anywhere]">{values.title.trim()}</h3>
        <p className="text-2xl font-bold text-green-900">{formatPrice(values.price === '' ? 0 : values.price)}</p>
        <p className="text-stone-700">{locationLabel(storedLocation(values.location) || null)}</p>
        <p className="whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{values.description.trim()}</p>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 border-t border-stone-200 pt-3 text-sm">
          {rows
            .filter(([, v]) => v !== null)
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-stone-600">{label}</dt>
                <dd className="font-medium text-stone-900">{value}</dd>
              </div>
            ))}
        </dl>
        {tags && (
          <div>
            <p className="text-sm text-stone-600">{t('preview.tags')}</p>
            <ul className="mt-1 flex flex-wrap gap-2">
              {tags.map((tag) => (
                <li key={tag} className="rounded-full bg-amber-100 px-3 py-1 text-sm text-stone-900">
                  {tag}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </article>
  )
}

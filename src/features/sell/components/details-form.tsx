import { useId, useMemo } from 'react'
import { CATEGORIES, isCategory, productTypesFor } from '@/domain/categories'
import { CONDITIONS } from '@/domain/conditions'
import { PRICE_INPUT_STEP_CHF, PRICE_LIMIT_CHF } from '@/domain/constants'
import {
  charCount,
  DETAILS_LIMITS,
  tagCount,
  type DetailsField,
  type DetailsFormValues,
  type DetailsMessageKey,
} from '@/domain/listing-form'
import { categoryLabel, conditionLabel, productTypeLabel, t } from '@/i18n'
import { placeSuggestions } from '@/i18n/place-label'
import { Input, Select, TextArea } from '@/ui/input'

export type DetailsErrors = Partial<Record<DetailsField, DetailsMessageKey>>

/** docs/product.md §2.10 field order (Brand is data without an input here). */
export const DETAILS_FIELD_ORDER: readonly DetailsField[] = [
  'title',
  'category',
  'productType',
  'size',
  'fabric',
  'condition',
  'description',
  'tags',
  'price',
  'location',
]

export interface DetailsFormProps {
  values: DetailsFormValues
  errors: DetailsErrors
  onChange(next: DetailsFormValues): void
  disabled?: boolean
}

/** The details step's fields (docs/product.md §2.10 placeholders and hints, §5 schema messages shown per field). */
export function DetailsForm({ values, errors, onChange, disabled }: DetailsFormProps) {
  const placesId = useId()
  // The known places in the reader's language, offered as the seller types (docs/decisions.md#D-place-codes).
  const places = useMemo(() => placeSuggestions(), [])
  const set = <K extends DetailsField>(key: K, value: DetailsFormValues[K]) => onChange({ ...values, [key]: value })
  const err = (f: DetailsField) => (errors[f] ? t(errors[f]) : undefined)
  // Every limit the server enforces is in sight while typing, so nothing is refused only at Publish.
  const chars = (f: 'title' | 'description' | 'size' | 'fabric' | 'location') => {
    const count = charCount(values[f].trim())
    return { text: t('details.charCount', { count, max: DETAILS_LIMITS[f] }), over: count > DETAILS_LIMITS[f] }
  }
  const tags = tagCount(values.tags)
  const types = isCategory(values.category) ? productTypesFor(values.category) : []
  const typeOptions: readonly string[] =
    values.productType && !types.includes(values.productType as never) ? [values.productType, ...types] : types
  return (
    <fieldset disabled={disabled} className="grid gap-5 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <Input
          label={t('details.fieldTitle')}
          name="title"
          required
          value={values.title}
          placeholder={t('details.placeholderTitle')}
          error={err('title')}
          counter={chars('title')}
          onChange={(e) => set('title', e.target.value)}
        />
      </div>
      <Select
        label={t('details.fieldCategory')}
        name="category"
        required
        value={values.category}
        error={err('category')}
        onChange={(e) => {
          const category = e.target.value as DetailsFormValues['category']
          const keep =
            isCategory(category) && (productTypesFor(category) as readonly string[]).includes(values.productType)
          onChange({ ...values, category, productType: keep ? values.productType : '' })
        }}
      >
        <option value="" disabled>
          {t('details.placeholderCategory')}
        </option>
        {CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {categoryLabel(c)}
          </option>
        ))}
      </Select>
      <Select
        label={t('details.fieldProductType')}
        name="productType"
        required
        value={values.productType}
        error={err('productType')}
        onChange={(e) => set('productType', e.target.value)}
      >
        <option value="">{t('details.placeholderProductType')}</option>
        {typeOptions.map((p) => (
          <option key={p} value={p}>
            {productTypeLabel(p)}
          </option>
        ))}
      </Select>
      <Input
        label={t('details.fieldSize')}
        name="size"
        required
        value={values.size}
        placeholder={t('details.placeholderSize')}
        error={err('size')}
        counter={chars('size')}
        onChange={(e) => set('size', e.target.value)}
      />
      <Input
        label={t('details.fieldFabric')}
        name="fabric"
        required
        value={values.fabric}
        placeholder={t('details.placeholderFabric')}
        error={err('fabric')}
        counter={chars('fabric')}
        onChange={(e) => set('fabric', e.target.value)}
      />
      <div className="sm:col-span-2">
        <Select
          label={t('details.fieldCondition')}
          name="condition"
          required
          value={values.condition}
          hint={t('details.hintCondition')}
          error={err('condition')}
          onChange={(e) => set('condition', e.target.value as DetailsFormValues['condition'])}
        >
          <option value="" disabled>
            {t('details.placeholderCondition')}
          </option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {conditionLabel(c)}
            </option>
          ))}
        </Select>
      </div>
      <div className="sm:col-span-2">
        <TextArea
          label={t('details.fieldDescription')}
          name="description"
          value={values.description}
          placeholder={t('details.placeholderDescription')}
          error={err('description')}
          counter={chars('description')}
          onChange={(e) => set('description', e.target.value)}
        />
      </div>
      <div className="sm:col-span-2">
        <Input
          label={t('details.fieldTags')}
          name="tags"
          value={values.tags}
          placeholder={t('details.placeholderTags')}
          hint={t('details.hintTags')}
          error={err('tags')}
          counter={{
            text: t('details.tagCount', { count: tags, max: DETAILS_LIMITS.tags }),
            over: tags > DETAILS_LIMITS.tags,
          }}
          onChange={(e) => set('tags', e.target.value)}
        />
      </div>
      <Input
        label={t('details.fieldPrice')}
        name="price"
        required
        type="number"
        inputMode="decimal"
        min={0}
        max={PRICE_LIMIT_CHF - PRICE_INPUT_STEP_CHF}
        step={PRICE_INPUT_STEP_CHF}
        value={values.price}
        placeholder={t('details.placeholderPrice')}
        hint={t('details.hintPrice')}
        error={err('price')}
        onChange={(e) => set('price', e.target.value === '' ? '' : Number(e.target.value))}
      />
      <Input
        label={t('details.fieldLocation')}
        name="location"
        required
        autoComplete="address-level2"
        list={placesId}
        value={values.location}
        placeholder={t('details.placeholderLocation')}
        error={err('location')}
        counter={chars('location')}
        onChange={(e) => set('location', e.target.value)}
      />
      <datalist id={placesId}>
        {places.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </fieldset>
  )
}

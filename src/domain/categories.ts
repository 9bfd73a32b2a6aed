// Categories (docs/product.md §3): stored values, the "all" filter entry and the "kids" alias of the query string.

export const CATEGORIES = ['women', 'men', 'children', 'shoes', 'accessories'] as const
export type Category = (typeof CATEGORIES)[number]

export const ALL_CATEGORIES = 'all'
export type CategoryFilter = Category | typeof ALL_CATEGORIES
export const CATEGORY_FILTERS: readonly CategoryFilter[] = [ALL_CATEGORIES, ...CATEGORIES]

export const CATEGORY_QUERY_PARAM = 'category'
const QUERY_ALIASES: Readonly<Record<string, Category>> = { kids: 'children' }

export const isCategory = (value: unknown): value is Category =>
  typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value)

/** The category a /shop query value selects; null means all items (absent, "all" or unknown). */
export function categoryFromQuery(value: string | null | undefined): Category | null {
  const v = value?.trim().toLowerCase() ?? ''
  const resolved = QUERY_ALIASES[v] ?? v
  return isCategory(resolved) ? resolved : null
}

/** The value to write into the query string; null means remove the parameter. */
export const categoryToQuery = (filter: CategoryFilter): Category | null => (filter === ALL_CATEGORIES ? null : filter)

/**
 * Product types offered per category (the spec leaves the option list unshown). Values are stored lower-cased
 * as product_type; src/i18n holds their labels.
 */
export const PRODUCT_TYPES = {
  women: [
    'dress',
    'top',
    'blouse',
    't-shirt',
    'sweater',
    'cardigan',
    'jacket',
    'coat',
    'jeans',
    'trousers',
    'skirt',
    'shorts',
    'jumpsuit',
  ],
  men: ['shirt', 't-shirt', 'polo', 'sweater', 'hoodie', 'jacket', 'coat', 'suit', 'jeans', 'trousers', 'shorts'],
  children: ['top', 't-shirt', 'sweater', 'dress', 'trousers', 'jacket', 'coat', 'pyjamas', 'romper'],
  shoes: ['sneakers', 'boots', 'ankle boots', 'sandals', 'heels', 'flats', 'loafers'],
  accessories: ['bag', 'belt', 'scarf', 'hat', 'gloves', 'jewellery', 'sunglasses', 'wallet'],
} as const satisfies Record<Category, readonly string[]>

export type ProductType = (typeof PRODUCT_TYPES)[Category][number]
export const ALL_PRODUCT_TYPES: readonly ProductType[] = [...new Set(Object.values(PRODUCT_TYPES).flat())]

export const productTypesFor = (category: Category): readonly ProductType[] => PRODUCT_TYPES[category]

// Filter panel options (docs/product.md §3). City names double as the values matched against a listing's location.
export const FILTER_LOCATIONS = [
  'Zurich',
  'Basel',
  'Bern',
  'Lausanne',
  'Geneva',
  'Winterthur',
  'Lucerne',
  'St. Gallen',
] as const
export const FILTER_SIZES = [
  'XS',
  'S',
  'M',
  'L',
  'XL',
  'XXL',
  '36',
  '37',
  '38',
  '39',
  '40',
  '41',
  '42',
  '43',
  '44',
] as const

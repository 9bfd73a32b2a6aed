// Conditions (docs/product.md §3): four stored values. The form and the filter panel label them differently; the spec does
// not show how the filter labels map, so we map them in order of wear, which is how both lists are ordered:
//   new_with_tags ↔ "New with tags", very_good ↔ "Very good", worn_but_loved ↔ "Good", acceptable ↔ "Fair".
// The labels themselves live in src/i18n (condition.* and conditionFilter.*).

export const CONDITIONS = ['new_with_tags', 'very_good', 'worn_but_loved', 'acceptable'] as const
export type Condition = (typeof CONDITIONS)[number]

export const DEFAULT_CONDITION: Condition = 'new_with_tags'

export const isCondition = (value: unknown): value is Condition =>
  typeof value === 'string' && (CONDITIONS as readonly string[]).includes(value)

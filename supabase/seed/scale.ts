/**
 * A catalogue at marketplace size (`npm run seed:scale -- 100000`): N realistic active listings written through the
 * REST API with the service role, in batches the local stack accepts in one request each. Titles and descriptions
 * in German, French, Italian and English, Swiss towns in their own spelling (Genève, Zürich, Neuchâtel…), brands,
 * sizes, prices and a creation time spread over a year; one photo each, pointing at a photo the seed already
 * stored (no new files). Sellers are the profiles already there (the seed's Anna Müller, Luca Rossi…) or, when the
 * caller can write accounts (the bench, in-process), generated ones: one per `LISTINGS_PER_SELLER` listings, so the
 * profiles a device holds would grow with the sellers if the window did not bound them.
 *
 * Deterministic for a given seed number, so two runs over fresh stacks hold the same catalogue.
 */
import { Prng } from './prng.ts'

type Lang = 'de' | 'fr' | 'it' | 'en'

const ITEMS: Readonly<Record<Lang, readonly (readonly [string, string])[]>> = {
  de: [
    ['Mantel', 'women'],
    ['Wolljacke', 'women'],
    ['Lederjacke', 'men'],
    ['Hemd', 'men'],
    ['Kleid', 'women'],
    ['Rock', 'women'],
    ['Jeans', 'men'],
    ['Pullover', 'women'],
    ['Wanderschuhe', 'shoes'],
    ['Turnschuhe', 'shoes'],
    ['Handtasche', 'accessories'],
    ['Schal', 'accessories'],
    ['Kinderjacke', 'children'],
    ['Strampler', 'children'],
  ],
  fr: [
    ['Manteau', 'women'],
    ['Veste en laine', 'women'],
    ['Blouson en cuir', 'men'],
    ['Chemise', 'men'],
    ['Robe', 'women'],
    ['Jupe plissée', 'women'],
    ['Jean', 'men'],
    ['Pull', 'women'],
    ['Bottines', 'shoes'],
    ['Baskets', 'shoes'],
    ['Sac à main', 'accessories'],
    ['Écharpe', 'accessories'],
    ['Veste enfant', 'children'],
    ['Pyjama bébé', 'children'],
  ],
  it: [
    ['Cappotto', 'women'],
    ['Giacca di lana', 'women'],
    ['Giubbotto di pelle', 'men'],
    ['Camicia', 'men'],
    ['Vestito', 'women'],
    ['Gonna', 'women'],
    ['Jeans', 'men'],
    ['Maglione', 'women'],
    ['Stivali', 'shoes'],
    ['Scarpe da ginnastica', 'shoes'],
    ['Borsa', 'accessories'],
    ['Sciarpa', 'accessories'],
    ['Giacca bambino', 'children'],
    ['Tutina', 'children'],
  ],
  en: [
    ['Coat', 'women'],
    ['Wool cardigan', 'women'],
    ['Leather jacket', 'men'],
    ['Shirt', 'men'],
    ['Dress', 'women'],
    ['Skirt', 'women'],
    ['Jeans', 'men'],
    ['Jumper', 'women'],
    ['Hiking boots', 'shoes'],
    ['Trainers', 'shoes'],
    ['Handbag', 'accessories'],
    ['Scarf', 'accessories'],
    ['Kids jacket', 'children'],
    ['Baby onesie', 'children'],
  ],
}

const COLOURS: Readonly<Record<Lang, readonly string[]>> = {
  de: ['schwarz', 'dunkelblau', 'rot', 'grün', 'beige', 'grau', 'weiß'],
  fr: ['noir', 'bleu marine', 'rouge', 'vert', 'beige', 'gris', 'blanc'],
  it: ['nero', 'blu', 'rosso', 'verde', 'beige', 'grigio', 'bianco'],
  en: ['black', 'navy', 'red', 'green', 'beige', 'grey', 'white'],
}

const DESCRIPTIONS: Readonly<Record<Lang, readonly string[]>> = {
  de: [
    'Kaum getragen, wie neu. Aus einem Nichtraucherhaushalt.',
    'Schöner Zustand, kleine Gebrauchsspuren am Ärmel.',
    'Zu klein geworden, deshalb abzugeben. Abholung oder Versand möglich.',
    'Warm und bequem, ideal für den Winter in den Bergen.',
  ],
  fr: [
    'Très bon état, porté deux fois.',
    'Quelques traces d’usure, rien de grave. Remise en main propre possible.',
    'Trop petit pour moi, il mérite une seconde vie.',
    'Tissu agréable, coupe élégante, parfait pour l’automne.',
  ],
  it: [
    'Ottime condizioni, usato poche volte.',
    'Qualche segno di usura, ma ancora molto bello.',
    'Troppo piccolo per me, cerca una nuova casa.',
    'Caldo e comodo, perfetto per l’inverno.',
  ],
  en: [
    'Barely worn, no flaws. From a smoke-free home.',
    'Good condition, light wear on the cuffs.',
    'Grew out of it, looking for a new home. Pick-up or post.',
    'Warm and comfortable, perfect for winter in the mountains.',
  ],
}

/** Swiss towns as sellers write them, in their own language. */
export const SCALE_LOCATIONS = [
  'Zürich',
  '8001 Zürich',
  'Genève',
  '1204 Genève',
  'Basel',
  'Bern',
  'Lausanne',
  'Luzern',
  'St. Gallen',
  'Lugano',
  'Winterthur',
  'Neuchâtel',
  'Fribourg',
  'Biel/Bienne',
  'Sion',
  'Chur',
  'Thun',
  'Zug',
  'Bellinzona',
  'La Chaux-de-Fonds',
] as const

const BRANDS = [
  'COS',
  'Zara',
  'H&M',
  'Mammut',
  'Akris',
  'Bally',
  'Hermès',
  'Tommy Hilfiger',
  'Levi’s',
  'Patagonia',
  'Mango',
  'Acne Studios',
  'Chloé',
  'Freitag',
  'Odlo',
  'Mövenpick',
  'On',
  'Strellson',
  null,
]
const SIZES: Readonly<Record<string, readonly string[]>> = {
  women: ['XS', 'S', 'M', 'L', 'XL', '36', '38', '40', '42'],
  men: ['S', 'M', 'L', 'XL', 'XXL', '48', '50', '52'],
  children: ['86', '92', '104', '116', '128', '140'],
  shoes: ['37', '38', '39', '40', '41', '42', '43', '44 EU'],
  accessories: ['One Size'],
}
const CONDITIONS = ['new_with_tags', 'very_good', 'worn_but_loved', 'acceptable'] as const
const LANGS: readonly Lang[] = ['de', 'de', 'fr', 'fr', 'it', 'en']
const FABRICS = ['Wolle', 'laine', 'cotone', 'cotton', 'Leder', 'lin', 'polyester', null]

/** Listings per generated seller (a marketplace's sellers each offer a handful to a few dozen). */
export const LISTINGS_PER_SELLER = 20

const FIRST_NAMES = [
  'Anna',
  'Luca',
  'Sophie',
  'Jonas',
  'Chiara',
  'Noah',
  'Léa',
  'Matteo',
  'Mia',
  'Elias',
  'Laura',
  'Nicolas',
  'Sara',
  'Jan',
  'Émilie',
  'Marco',
]
const LAST_NAMES = [
  'Müller',
  'Meier',
  'Schmid',
  'Keller',
  'Weber',
  'Huber',
  'Rossi',
  'Bianchi',
  'Favre',
  'Rochat',
  'Gerber',
  'Brunner',
  'Zürcher',
  'Fontana',
  'Dubois',
  'Baumann',
]

export interface ScaleSeller {
  id: string
  email: string
  first_name: string
  last_name: string
}

/** The generated sellers for `count` listings: the same for the same seed. */
export function scaleSellers(count: number, opts: { seed?: number } = {}): ScaleSeller[] {
  const prng = new Prng((opts.seed ?? 24) + 2)
  return Array.from({ length: Math.ceil(count / LISTINGS_PER_SELLER) }, (_, i) => ({
    id: uuid(prng),
    email: `scale-seller-${i}@scale.kreis.ch`,
    first_name: prng.pick(FIRST_NAMES),
    last_name: prng.pick(LAST_NAMES),
  }))
}

export interface ScaleListing {
  id: string
  user_id: string
  title: string
  description: string
  price: number
  condition: string
  category: string
  product_type: string
  brand: string | null
  size: string | null
  fabric: string | null
  location: string
  tags: string[] | null
  status: 'active'
  created_at: string
  edited_at: string
}

const uuid = (prng: Prng): string => {
  const hex = Array.from({ length: 32 }, () => prng.int(0, 15).toString(16))
  hex[12] = '4'
  hex[16] = ((prng.int(0, 15) & 0x3) | 0x8).toString(16)
  const h = hex.join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000

/** The i-th generated listing (0-based) of a catalogue: the same for the same seed and index. */
export function scaleListings(
  count: number,
  sellers: readonly string[],
  opts: { seed?: number; now?: number } = {},
): ScaleListing[] {
  if (sellers.length === 0) throw new Error('no sellers to give the listings to')
  const prng = new Prng(opts.seed ?? 24)
  const now = opts.now ?? Date.now()
  return Array.from({ length: count }, () => {
    const lang = prng.pick(LANGS)
    const [item, category] = prng.pick(ITEMS[lang])
    const colour = prng.pick(COLOURS[lang])
    const brand = prng.pick(BRANDS)
    const created = new Date(now - Math.floor(prng.next() * YEAR_MS)).toISOString()
    return {
      id: uuid(prng),
      user_id: prng.pick(sellers),
      title: `${item} ${colour}${brand ? ` ${brand}` : ''}`.slice(0, 120),
      description: prng.pick(DESCRIPTIONS[lang]),
      price: prng.int(2, 400) + (prng.next() < 0.3 ? 0.5 : 0),
      condition: prng.pick(CONDITIONS),
      category,
      product_type: item,
      brand,
      size: prng.pick(SIZES[category]!),
      fabric: prng.pick(FABRICS),
      location: prng.pick(SCALE_LOCATIONS),
      tags: prng.next() < 0.2 ? ['vintage'] : null,
      status: 'active' as const,
      created_at: created,
      edited_at: created,
    }
  })
}

export interface SeedScaleOptions {
  url: string
  serviceKey: string
  count: number
  /** Rows per request: well under the body limit (10 MB) and quick for the single-threaded engine. */
  batch?: number
  seed?: number
  /**
   * Creates these accounts (their profiles follow by the sign-up trigger) before the listings are written; without
   * it (the REST API cannot create accounts) the listings go to the profiles already there.
   */
  createSellers?: (sellers: readonly ScaleSeller[]) => Promise<void>
  /** Give the planner statistics afterwards (analyze_catalogue; PGlite has no autovacuum). Default true. */
  analyze?: boolean
  log?: (line: string) => void
}

/**
 * One request; a lost connection (a busy machine's keep-alive race) is tried again a few times. The writes are
 * idempotent (fixed ids, duplicates ignored), so a write that landed before its answer was lost lands once.
 */
async function rest(url: string, key: string, path: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    let res: Response
    try {
      res = await fetch(`${url}/rest/v1/${path}`, {
        ...init,
        headers: {
          apikey: key,
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          ...(init.headers ?? {}),
        },
      })
    } catch (e) {
      if (attempt >= 5) throw e
      await new Promise((r) => setTimeout(r, 500 * attempt))
      continue
    }
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`)
    return res
  }
}

const WRITE = { method: 'POST', headers: { Prefer: 'return=minimal,resolution=ignore-duplicates' } } as const

/** Every profile's id, in pages (the seed's accounts, or those of an earlier catalogue). */
async function profileIds(url: string, key: string): Promise<string[]> {
  const ids: string[] = []
  for (;;) {
    const after = ids.length ? `&id=gt.${ids[ids.length - 1]}` : ''
    const page = (
      (await (await rest(url, key, `profiles?select=id&order=id&limit=1000${after}`)).json()) as { id: string }[]
    ).map((p) => p.id)
    ids.push(...page)
    if (page.length < 1000) return ids
  }
}

/** Writes `count` listings with one photo each; returns their ids. */
export async function seedScale(o: SeedScaleOptions): Promise<string[]> {
  const batch = o.batch ?? 1000
  const log = o.log ?? (() => {})
  let sellers: string[]
  if (o.createSellers) {
    const made = scaleSellers(o.count, { seed: o.seed })
    await o.createSellers(made)
    sellers = made.map((s) => s.id)
  } else sellers = await profileIds(o.url, o.serviceKey)
  const photos = (
    (await (await rest(o.url, o.serviceKey, 'listing_images?select=image_url&order=id&limit=200')).json()) as {
      image_url: string
    }[]
  ).map((p) => p.image_url)
  if (photos.length === 0) throw new Error('no seed photos to point at: seed the stack first')
  const listings = scaleListings(o.count, sellers, { seed: o.seed })
  const idPrng = new Prng((o.seed ?? 24) + 1)
  const imageIds = listings.map(() => uuid(idPrng))
  const started = Date.now()
  for (let from = 0; from < listings.length; from += batch) {
    const rows = listings.slice(from, from + batch)
    await rest(o.url, o.serviceKey, 'listings?on_conflict=id', { ...WRITE, body: JSON.stringify(rows) })
    const images = rows.map((l, i) => ({
      id: imageIds[from + i],
      listing_id: l.id,
      image_url: photos[(from + i) % photos.length],
      image_order: 1,
      created_at: l.created_at,
    }))
    await rest(o.url, o.serviceKey, 'listing_images?on_conflict=id', { ...WRITE, body: JSON.stringify(images) })
    log(
      `${Math.min(from + batch, listings.length)} / ${listings.length} listings (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    )
  }
  if (o.analyze !== false) await rest(o.url, o.serviceKey, 'rpc/analyze_catalogue', { method: 'POST', body: '{}' })
  return listings.map((l) => l.id)
}

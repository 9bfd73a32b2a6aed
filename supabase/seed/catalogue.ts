/**
 * The demo world: the fixed demo accounts (shared with every engineer, see the README) and the vocabulary the
 * generator draws listings from. Plain data, no randomness here.
 */

export const DEMO_PASSWORD = 'kreis-demo'

export type Category = 'women' | 'men' | 'children' | 'shoes' | 'accessories'
export type Condition = 'new_with_tags' | 'very_good' | 'worn_but_loved' | 'acceptable'
/** Which drawing the illustrations use for an item. */
export type Silhouette =
  'top' | 'shirt' | 'coat' | 'dress' | 'skirt' | 'trousers' | 'onesie' | 'boot' | 'sneaker' | 'bag' | 'scarf' | 'beanie'

export interface DemoUser {
  id: string
  email: string
  firstName: string
  lastName: string
  city: string
  role: 'seller' | 'buyer'
  /** Account age at seeding, so the subscription page shows each phase (docs/product.md §4). */
  ageDays: number
  subscription: 'active' | null
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'anna@demo.kreis.ch',
    firstName: 'Anna',
    lastName: 'Müller',
    city: 'Zurich',
    role: 'seller',
    ageDays: 75,
    subscription: 'active',
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'luca@demo.kreis.ch',
    firstName: 'Luca',
    lastName: 'Rossi',
    city: 'Geneva',
    role: 'seller',
    ageDays: 42,
    subscription: null,
  },
  {
    id: '00000000-0000-4000-8000-000000000003',
    email: 'sophie@demo.kreis.ch',
    firstName: 'Sophie',
    lastName: 'Martin',
    city: 'Lausanne',
    role: 'seller',
    ageDays: 21,
    subscription: null,
  },
  {
    id: '00000000-0000-4000-8000-000000000004',
    email: 'noah@demo.kreis.ch',
    firstName: 'Noah',
    lastName: 'Keller',
    city: 'Bern',
    role: 'buyer',
    ageDays: 12,
    subscription: null,
  },
  {
    id: '00000000-0000-4000-8000-000000000005',
    email: 'mia@demo.kreis.ch',
    firstName: 'Mia',
    lastName: 'Weber',
    city: 'Basel',
    role: 'buyer',
    ageDays: 5,
    subscription: null,
  },
]

/** docs/product.md §3, filter panel. */
export const CITIES = ['Zurich', 'Basel', 'Bern', 'Lausanne', 'Geneva', 'Winterthur', 'Lucerne', 'St. Gallen'] as const
/**
 * The same cities as the listings store them: their place codes (docs/decisions.md#D-place-codes; places.test.ts
 * checks each is what src/domain/places.ts makes of the city's name). Profiles keep the name: theirs is free text.
 */
export const CITY_CODES: Readonly<Record<(typeof CITIES)[number], string>> = {
  Zurich: 'CH-ZH-zurich',
  Basel: 'CH-BS-basel',
  Bern: 'CH-BE-bern',
  Lausanne: 'CH-VD-lausanne',
  Geneva: 'CH-GE-geneve',
  Winterthur: 'CH-ZH-winterthur',
  Lucerne: 'CH-LU-luzern',
  'St. Gallen': 'CH-SG-st-gallen',
}
export const CATEGORIES: readonly Category[] = ['women', 'men', 'children', 'shoes', 'accessories']
export const CONDITIONS: readonly Condition[] = ['new_with_tags', 'very_good', 'worn_but_loved', 'acceptable']
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const
const SHOE_SIZES = ['36', '37', '38', '39', '40', '41', '42', '43', '44'] as const

export interface ItemKind {
  category: Category
  /** Stored lower-cased (docs/product.md §3). */
  productType: string
  nouns: readonly string[]
  silhouette: Silhouette
  fabrics: readonly string[]
  brands: readonly string[]
  sizes: readonly string[]
  /** CHF, inclusive. */
  price: readonly [number, number]
}

export const ITEM_KINDS: readonly ItemKind[] = [
  {
    category: 'women',
    productType: 'coat',
    nouns: ['Wool coat', 'Trench coat', 'Camel coat'],
    silhouette: 'coat',
    fabrics: ['wool', 'cotton gabardine', 'wool blend'],
    brands: ['Akris', 'COS', 'Max Mara', 'Arket'],
    sizes: CLOTHING_SIZES.slice(0, 4),
    price: [60, 320],
  },
  {
    category: 'women',
    productType: 'dress',
    nouns: ['Midi dress', 'Wrap dress', 'Linen summer dress'],
    silhouette: 'dress',
    fabrics: ['linen', 'viscose', 'silk', 'cotton'],
    brands: ['Filippa K', 'Mango', 'Ganni', 'Tally Weijl'],
    sizes: CLOTHING_SIZES.slice(0, 4),
    price: [25, 140],
  },
  {
    category: 'women',
    productType: 'knitwear',
    nouns: ['Cashmere jumper', 'Chunky knit cardigan', 'Merino turtleneck'],
    silhouette: 'top',
    fabrics: ['cashmere', 'merino wool', 'alpaca blend'],
    brands: ['Zimmerli', 'COS', '& Other Stories', 'Uniqlo'],
    sizes: CLOTHING_SIZES.slice(0, 4),
    price: [30, 180],
  },
  {
    category: 'women',
    productType: 'blouse',
    nouns: ['Silk blouse', 'Broderie blouse'],
    silhouette: 'shirt',
    fabrics: ['silk', 'cotton voile'],
    brands: ['Hanro', 'Equipment', 'Zara'],
    sizes: CLOTHING_SIZES.slice(0, 4),
    price: [20, 120],
  },
  {
    category: 'women',
    productType: 'skirt',
    nouns: ['Pleated midi skirt', 'Denim skirt'],
    silhouette: 'skirt',
    fabrics: ['polyester', 'denim', 'wool'],
    brands: ['Arket', "Levi's", 'Mango'],
    sizes: CLOTHING_SIZES.slice(0, 4),
    price: [18, 80],
  },
  {
    category: 'men',
    productType: 'jacket',
    nouns: ['Down jacket', 'Hardshell jacket', 'Waxed field jacket'],
    silhouette: 'coat',
    fabrics: ['nylon', 'Gore-Tex', 'waxed cotton'],
    brands: ['Mammut', 'Patagonia', 'Odlo', 'Barbour'],
    sizes: CLOTHING_SIZES.slice(1),
    price: [70, 290],
  },
  {
    category: 'men',
    productType: 'knitwear',
    nouns: ['Merino crewneck', 'Lambswool jumper'],
    silhouette: 'top',
    fabrics: ['merino wool', 'lambswool'],
    brands: ['Zimmerli', 'Strellson', 'Uniqlo'],
    sizes: CLOTHING_SIZES.slice(1),
    price: [30, 130],
  },
  {
    category: 'men',
    productType: 'shirt',
    nouns: ['Oxford shirt', 'Flannel shirt', 'Linen shirt'],
    silhouette: 'shirt',
    fabrics: ['cotton', 'linen', 'brushed cotton'],
    brands: ['Strellson', 'Navyboot', 'COS'],
    sizes: CLOTHING_SIZES.slice(1),
    price: [20, 90],
  },
  {
    category: 'men',
    productType: 'trousers',
    nouns: ['Selvedge jeans', 'Wool trousers', 'Chinos'],
    silhouette: 'trousers',
    fabrics: ['denim', 'wool', 'cotton twill'],
    brands: ["Levi's", 'A.P.C.', 'Strellson'],
    sizes: CLOTHING_SIZES.slice(1),
    price: [25, 140],
  },
  {
    category: 'children',
    productType: 'snowsuit',
    nouns: ['Snowsuit', 'Ski overall'],
    silhouette: 'onesie',
    fabrics: ['nylon', 'polyester'],
    brands: ['Reima', 'Mammut', 'Jako-o'],
    sizes: ['XS', 'S'],
    price: [25, 90],
  },
  {
    category: 'children',
    productType: 'jacket',
    nouns: ['Rain jacket', 'Fleece jacket'],
    silhouette: 'coat',
    fabrics: ['polyester', 'fleece'],
    brands: ['Reima', 'Jack Wolfskin', 'H&M'],
    sizes: ['XS', 'S'],
    price: [12, 60],
  },
  {
    category: 'children',
    productType: 'knitwear',
    nouns: ['Knitted jumper', 'Striped pullover'],
    silhouette: 'top',
    fabrics: ['merino wool', 'cotton'],
    brands: ['Mini Rodini', 'Petit Bateau', 'Calida'],
    sizes: ['XS', 'S'],
    price: [10, 45],
  },
  {
    category: 'children',
    productType: 'dungarees',
    nouns: ['Corduroy dungarees', 'Denim dungarees'],
    silhouette: 'trousers',
    fabrics: ['corduroy', 'denim'],
    brands: ['Polarn O. Pyret', 'Petit Bateau'],
    sizes: ['XS', 'S'],
    price: [10, 40],
  },
  {
    category: 'shoes',
    productType: 'boots',
    nouns: ['Leather ankle boots', 'Hiking boots', 'Chelsea boots'],
    silhouette: 'boot',
    fabrics: ['leather', 'suede', 'nubuck'],
    brands: ['Bally', 'Meindl', 'Dr. Martens', 'Lowa'],
    sizes: SHOE_SIZES,
    price: [40, 220],
  },
  {
    category: 'shoes',
    productType: 'sneakers',
    nouns: ['Running shoes', 'Court sneakers', 'Trail runners'],
    silhouette: 'sneaker',
    fabrics: ['mesh', 'leather', 'recycled polyester'],
    brands: ['On', 'Veja', 'Adidas', 'Salomon'],
    sizes: SHOE_SIZES,
    price: [35, 160],
  },
  {
    category: 'accessories',
    productType: 'bag',
    nouns: ['Messenger bag', 'Leather tote', 'Crossbody bag'],
    silhouette: 'bag',
    fabrics: ['truck tarpaulin', 'leather', 'canvas'],
    brands: ['Freitag', 'Bally', 'Victorinox', 'Mandarina Duck'],
    sizes: ['One size'],
    price: [35, 260],
  },
  {
    category: 'accessories',
    productType: 'scarf',
    nouns: ['Wool scarf', 'Silk scarf', 'Cashmere stole'],
    silhouette: 'scarf',
    fabrics: ['wool', 'silk', 'cashmere'],
    brands: ['Akris', 'Zimmerli', 'Acne Studios'],
    sizes: ['One size'],
    price: [15, 110],
  },
  {
    category: 'accessories',
    productType: 'hat',
    nouns: ['Beanie', 'Bobble hat'],
    silhouette: 'beanie',
    fabrics: ['merino wool', 'alpaca'],
    brands: ['Mammut', 'Odlo', 'Arket'],
    sizes: ['One size'],
    price: [10, 40],
  },
]

/** Garment colours: a name for the text and a fill for the drawing. */
export const COLOURS: readonly { name: string; hex: string }[] = [
  { name: 'camel', hex: '#c19a6b' },
  { name: 'navy', hex: '#2c3e63' },
  { name: 'forest green', hex: '#3f6b4f' },
  { name: 'burgundy', hex: '#7d2e3d' },
  { name: 'charcoal', hex: '#4a4d52' },
  { name: 'cream', hex: '#efe6d2' },
  { name: 'rust', hex: '#b5562f' },
  { name: 'sky blue', hex: '#8fb7d9' },
  { name: 'mustard', hex: '#d4a537' },
  { name: 'blush pink', hex: '#e3b3b0' },
  { name: 'olive', hex: '#76784a' },
  { name: 'black', hex: '#26272b' },
  { name: 'sage', hex: '#a3b49a' },
  { name: 'terracotta', hex: '#c46f4e' },
]

export const CONDITION_PHRASES: Record<Condition, readonly string[]> = {
  new_with_tags: ['Never worn, the tags are still on.', 'Bought it and never found the occasion; tags attached.'],
  very_good: ['Worn a handful of times and kept with care.', 'Very good condition, no marks or pilling.'],
  worn_but_loved: [
    'Well loved: light signs of wear, lots of life left.',
    'Some softening from wear, which only adds character.',
  ],
  acceptable: ['Visible wear (see photos), priced accordingly.', 'A small mark near the hem, otherwise sound.'],
}

export const STORY_PHRASES: readonly string[] = [
  'It came with me on many Sunday walks along the lake.',
  'Perfect for the Swiss autumn, warm without being bulky.',
  'I moved flats and my wardrobe has to shrink.',
  'It no longer fits me, I hope it finds someone who wears it often.',
  'Bought at a small boutique in the old town.',
  'Smoke-free and pet-free home.',
  'Happy to meet at the train station for a handover.',
  'Washed gently and ready to wear.',
  'A timeless piece that goes with everything.',
  'Great for commuting by bike.',
]

export const TAG_POOL: readonly string[] = [
  'vintage',
  'minimal',
  'winter',
  'summer',
  'sustainable',
  'swiss made',
  'outdoor',
  'office',
  'cosy',
  'classic',
  'streetwear',
  'festival',
  'ski season',
  'handmade',
  'second hand',
  'capsule wardrobe',
]

/** Conversations between the demo buyers and sellers: buyer, seller, and the lines (b = buyer, s = seller). */
export const CONVERSATION_SCRIPTS: readonly {
  buyer: number
  seller: number
  onSold?: boolean
  lines: readonly ['b' | 's', string][]
}[] = [
  {
    buyer: 3,
    seller: 0,
    lines: [
      ['b', 'Hi Anna, is this still available?'],
      ['s', 'Hi Noah, yes it is!'],
      ['b', 'Could I pick it up in Zurich on Saturday?'],
      ['s', 'Saturday works, around 11 at the HB?'],
    ],
  },
  {
    buyer: 4,
    seller: 1,
    lines: [
      ['b', 'Bonjour Luca, would you take CHF 10 less?'],
      ['s', 'I can do CHF 5 less, it is almost new.'],
      ['b', 'Deal, thank you!'],
    ],
  },
  {
    buyer: 3,
    seller: 2,
    lines: [
      ['b', 'Does it run true to size?'],
      ['s', 'Slightly large, I would say half a size.'],
    ],
  },
  {
    buyer: 4,
    seller: 0,
    lines: [
      ['b', 'Hello! Can you send it by post to Basel?'],
      ['s', 'Sure, A-Post is CHF 9 extra.'],
      ['b', 'Perfect, let me know how to pay.'],
      ['s', 'TWINT is easiest for me.'],
      ['b', 'Sent, thanks Anna.'],
    ],
  },
  {
    buyer: 3,
    seller: 1,
    onSold: true,
    lines: [
      ['b', 'Hi, is the price negotiable?'],
      ['s', 'Sorry, it just sold to someone else.'],
    ],
  },
]

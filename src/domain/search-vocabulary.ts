// Search over the listing vocabulary in the four languages (docs/decisions.md#D-search-vocabulary): a listing is also
// found by the names of its category and product type in German, French, Italian and English ("Jacke", "veste",
// "giacca" find a jacket), and by every name of its city ("Genf" finds "Genève", "Zurigo" finds "Zürich"). The
// words are in search normal form (./search-normalise), words of one or two letters left out. The server appends the
// same words (migration 20261127121000_search_vocabulary, whose rows search-vocabulary.test.ts compares with these),
// so the device's offline search and the server's give the same answer.
import { locationSearchText } from './places'
import { searchFold } from './search-normalise'

const foldedWords = (s: string): string[] =>
  searchFold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '')

/** `category:<code>` and `product_type:<code>` → the words of its names in the four languages. */
export const VOCABULARY_WORDS: Readonly<Record<string, string>> = {
  'category:women': 'women damen femmes donna',
  'category:men': 'men herren hommes uomo',
  'category:children': 'kids kinder enfants bambini',
  'category:shoes': 'shoes schuhe chaussures scarpe',
  'category:accessories': 'accessories accessoires accessori',
  'product_type:dress': 'dress kleid robe abito',
  'product_type:top': 'top',
  'product_type:blouse': 'blouse bluse camicetta',
  'product_type:t-shirt': 'shirt',
  'product_type:sweater': 'sweater pullover pull maglione',
  'product_type:cardigan': 'cardigan strickjacke',
  'product_type:jacket': 'jacket jacke veste giacca',
  'product_type:coat': 'coat mantel manteau cappotto',
  'product_type:jeans': 'jeans jean',
  'product_type:trousers': 'trousers hose pantalon pantaloni',
  'product_type:skirt': 'skirt jupe gonna',
  'product_type:shorts': 'shorts short',
  'product_type:jumpsuit': 'jumpsuit overall combinaison tuta intera',
  'product_type:shirt': 'shirt hemd chemise camicia',
  'product_type:polo': 'polo poloshirt',
  'product_type:hoodie': 'hoodie sweat capuche felpa con cappuccio',
  'product_type:suit': 'suit anzug costume completo',
  'product_type:pyjamas': 'pyjamas pyjama pigiama',
  'product_type:romper': 'romper strampler barboteuse tutina',
  'product_type:sneakers': 'sneakers turnschuhe baskets',
  'product_type:boots': 'boots stiefel bottes stivali',
  'product_type:ankle boots': 'ankle boots stiefeletten bottines stivaletti',
  'product_type:sandals': 'sandals sandalen sandales sandali',
  'product_type:heels': 'heels high talons scarpe col tacco',
  'product_type:flats': 'flats ballerinas ballerines ballerine',
  'product_type:loafers': 'loafers loafer mocassins mocassini',
  'product_type:bag': 'bag tasche sac borsa',
  'product_type:belt': 'belt gurtel ceinture cintura guertel',
  'product_type:scarf': 'scarf schal echarpe sciarpa',
  'product_type:hat': 'hat hut chapeau cappello',
  'product_type:gloves': 'gloves handschuhe gants guanti',
  'product_type:jewellery': 'jewellery schmuck bijoux gioielli',
  'product_type:sunglasses': 'sunglasses sonnenbrille lunettes soleil occhiali sole',
  'product_type:wallet': 'wallet portemonnaie porte monnaie portafoglio',
}

/** Each city's names in the national languages and English, in normal form (some of two words). */
export const CITY_NAMES: readonly (readonly [city: string, names: readonly string[]])[] = [
  ['zurich', ['zurich', 'zuerich', 'zurigo']],
  ['basel', ['basel', 'bale', 'basilea']],
  ['bern', ['bern', 'berne', 'berna']],
  ['geneva', ['geneva', 'geneve', 'genf', 'ginevra']],
  ['lucerne', ['lucerne', 'luzern', 'lucerna']],
  ['st gallen', ['st gallen', 'sankt gallen', 'saint gall', 'san gallo']],
]

/** The vocabulary words a listing gains: its category's and product type's names, and its city's other names. */
export function vocabularyWords(listing: {
  readonly category: string
  readonly product_type: string | null
  readonly location?: string | null
}): string[] {
  const words: string[] = []
  const add = (key: string) => {
    if (Object.hasOwn(VOCABULARY_WORDS, key)) words.push(...VOCABULARY_WORDS[key]!.split(' '))
  }
  add(`category:${listing.category}`)
  if (listing.product_type) add(`product_type:${listing.product_type}`)
  const location = ` ${foldedWords(locationSearchText(listing.location)).join(' ')} `
  for (const [, names] of CITY_NAMES) {
    if (names.some((name) => location.includes(` ${name} `))) words.push(...names.flatMap((name) => name.split(' ')))
  }
  return words
}

// The device's fold against Postgres' own lower(unaccent()), the server's: the same text for every character of the
// blocks shoppers type in (Latin, Greek, Cyrillic, punctuation, ligatures) and for tricky whole words.
import { PGlite } from '@electric-sql/pglite'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { searchFold } from './search-normalise'

let pg: PGlite

beforeAll(async () => {
  pg = await PGlite.create({ extensions: { unaccent } })
  await pg.exec('create extension unaccent')
})

afterAll(async () => {
  await pg?.close()
})

const serverFold = async (texts: string[]): Promise<string[]> =>
  (
    await pg.query<{ f: string }>(
      'select lower(unaccent(t)) as f from unnest($1::text[]) with ordinality as x(t, n) order by n',
      [texts],
    )
  ).rows.map((r) => r.f)

const block = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i))

describe('searchFold is Postgres lower(unaccent())', () => {
  it.each([
    ['Müller', 'muller'],
    ['Genève', 'geneve'],
    ['ZÜRICH', 'zurich'],
    ['Straße', 'strasse'],
    ['Æsir Œuvre', 'aesir oeuvre'],
    ['Bjørn Ørsted', 'bjorn orsted'],
    ['Façade', 'facade'],
    ['Señor Ñandú', 'senor nandu'],
    ['Łódź', 'lodz'],
    ['Ğ İstanbul', 'g istanbul'],
    ['Gene\u0301ve', 'geneve'],
    ['ΟΔΟΣ Αθήνα', 'οδοσ αθηνα'],
    ['Йога', 'йога'],
    ['ﬁne – “quoted” …', 'fine - "quoted" ...'],
    ['© ½', '(c)  1/2'],
  ])('%j → %j on both', async (input, expected) => {
    expect(searchFold(input)).toBe(expected)
    expect(await serverFold([input])).toEqual([expected])
  })

  it.each([
    ['Latin-1 Supplement to Latin Extended-B', 0x00a0, 0x024f],
    ['combining marks', 0x0300, 0x036f],
    ['Greek', 0x0370, 0x03ff],
    ['Cyrillic', 0x0400, 0x052f],
    ['Latin Extended Additional', 0x1e00, 0x1eff],
    ['general punctuation', 0x2000, 0x206f],
    ['currency', 0x20a0, 0x20cf],
    ['Latin ligatures', 0xfb00, 0xfb06],
    ['ASCII', 0x0020, 0x007e],
  ])('every character of %s', async (_name, from, to) => {
    const chars = block(from, to)
    const server = await serverFold(chars)
    const differing = chars
      .map((c, i) => ({ c, device: searchFold(c), server: server[i] }))
      .filter((x) => x.device !== x.server)
      .map((x) => `${x.c} U+${x.c.codePointAt(0)!.toString(16)}: ${x.device} ≠ ${x.server}`)
    expect(differing).toEqual([])
  })
})

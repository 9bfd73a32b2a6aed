import crypto from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { httpBuildQuery } from './php-query.ts'
import { payrexxSignature } from './payrexx.ts'

describe("PHP's http_build_query, as Payrexx signs it", () => {
  it('encodes like PHP urlencode: spaces as +, only letters, digits and -_. left as they are', () => {
    // PHP 8: http_build_query(['a b' => "x y*~'!()", 'url' => 'https://k.ch/p?u=1&g=2', 'n' => 500, 't' => true])
    expect(
      httpBuildQuery([
        ['a b', "x y*~'!()"],
        ['url', 'https://k.ch/p?u=1&g=2'],
        ['n', 500],
        ['t', true],
      ]),
    ).toBe('a+b=x+y%2A%7E%27%21%28%29&url=https%3A%2F%2Fk.ch%2Fp%3Fu%3D1%26g%3D2&n=500&t=1')
    expect(httpBuildQuery([['purpose', 'Zürich 5.-']])).toBe('purpose=Z%C3%BCrich+5.-')
  })

  it('signs with base64 HMAC-SHA256 of that string, keyed with the API secret', async () => {
    const query = 'amount=500&currency=CHF'
    const expected = crypto.createHmac('sha256', 'api-secret').update(query).digest('base64')
    expect(await payrexxSignature(query, 'api-secret')).toBe(expected)
  })
})

import { describe, expect, it } from 'vitest'
import { isSafeHref, linkify } from './linkify'

describe('issue 13 §3: message text is text; web links may be clickable', () => {
  it('leaves text without links as one text segment, markup included', () => {
    expect(linkify('<b>hi</b> & <script>x</script>')).toEqual([{ kind: 'text', text: '<b>hi</b> & <script>x</script>' }])
    expect(linkify('')).toEqual([])
  })

  it('turns http(s) and www links into links, without the sentence punctuation after them', () => {
    expect(linkify('See https://kreis.ch/item/1. Or www.example.ch, ok?')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://kreis.ch/item/1', href: 'https://kreis.ch/item/1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.example.ch', href: 'https://www.example.ch' },
      { kind: 'text', text: ', ok?' },
    ])
  })

  it('never links other schemes', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@b.ch', 'file:///etc/passwd']) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }])
    }
  })

  it('stops a link at quotes and angle brackets', () => {
    expect(linkify('"https://a.ch/x"<b>')).toEqual([
      { kind: 'text', text: '"' },
      { kind: 'link', text: 'https://a.ch/x', href: 'https://a.ch/x' },
      { kind: 'text', text: '"<b>' },
    ])
  })

  it.each([
    ['https://a.ch', true],
    ['http://a.ch/p?q=1', true],
    ['javascript:alert(1)', false],
    ['https://', false],
    ['not a url', false],
  ])('safe href %s → %s', (href, safe) => {
    expect(isSafeHref(href)).toBe(safe)
  })
})

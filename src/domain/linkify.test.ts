import { describe, expect, it } from 'vitest'
import { isSafeHref, linkify } from './linkify'

describe('docs/decisions.md#D-thread-view: message text is text; web links may be clickable', () => {
  it('leaves text without links as one text segment, markup included', () => {
    expect(linkify('<b>hi</b> & <script>x</script>')).toEqual([
      { kind: 'text', text: '<b>hi</b> & <script>x</script>' },
    ])
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

describe('docs/decisions.md#D-thread-view: which links become clickable, and where they end', () => {
  it.each<[string, ReturnType<typeof linkify>]>([
    ['http://a.ch', [{ kind: 'link', text: 'http://a.ch', href: 'http://a.ch' }]],
    [
      'https://www.a.ch/x rest',
      [
        { kind: 'link', text: 'https://www.a.ch/x', href: 'https://www.a.ch/x' },
        { kind: 'text', text: ' rest' },
      ],
    ],
    ['WWW.A.CH', [{ kind: 'link', text: 'WWW.A.CH', href: 'https://WWW.A.CH' }]],
    [
      '(see https://a.ch/x).',
      [
        { kind: 'text', text: '(see ' },
        { kind: 'link', text: 'https://a.ch/x', href: 'https://a.ch/x' },
        { kind: 'text', text: ').' },
      ],
    ],
    [
      'https://a.ch https://b.ch',
      [
        { kind: 'link', text: 'https://a.ch', href: 'https://a.ch' },
        { kind: 'text', text: ' ' },
        { kind: 'link', text: 'https://b.ch', href: 'https://b.ch' },
      ],
    ],
    ['see http://. ok', [{ kind: 'text', text: 'see http://. ok' }]],
  ])('%j', (text, segments) => {
    expect(linkify(text)).toEqual(segments)
  })

  it.each(['ftp://a.ch/f', 'mailto:a@b.ch', 'ws://a.ch'])('never an href for %s', (href) => {
    expect(isSafeHref(href)).toBe(false)
  })
})

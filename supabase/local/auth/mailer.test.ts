import { describe, expect, it } from 'vitest'
import { Mailer } from './mailer.ts'

describe('Mailer', () => {
  it('prints each link to the console log and keeps it for tests, newest found first', () => {
    const printed: string[] = []
    const mailer = new Mailer({ info: (m) => printed.push(m), warn() {}, error() {} })
    mailer.send('ada@kreis.ch', 'signup', 'http://api/verify?token=1')
    mailer.send('ada@kreis.ch', 'signup', 'http://api/verify?token=2')
    mailer.send('ada@kreis.ch', 'recovery', 'http://api/verify?token=3')
    expect(printed[0]).toContain('http://api/verify?token=1')
    expect(printed[0]).toContain('ada@kreis.ch')
    expect(mailer.last('ADA@kreis.ch', 'signup')?.link).toBe('http://api/verify?token=2')
    expect(mailer.last('ada@kreis.ch', 'recovery')?.link).toBe('http://api/verify?token=3')
    expect(mailer.last('bob@kreis.ch', 'signup')).toBeUndefined()
  })

  it('keeps a bounded number of messages', () => {
    const mailer = new Mailer({ info() {}, warn() {}, error() {} })
    for (let i = 0; i < 500; i++) mailer.send(`u${i}@kreis.ch`, 'signup', `link-${i}`)
    expect(mailer.sent.length).toBeLessThanOrEqual(200)
    expect(mailer.last('u499@kreis.ch', 'signup')?.link).toBe('link-499')
  })
})

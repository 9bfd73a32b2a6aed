/**
 * The local stack sends no e-mail: a "sent" message is printed to the console (so a developer can click the link)
 * and kept in memory (so tests can follow it).
 */
import type { Logger } from '../shared/logger.ts'

export type MailKind = 'signup' | 'recovery'

export interface SentMail {
  to: string
  kind: MailKind
  link: string
  at: Date
}

/** Enough for any test to find its own message; older ones are dropped. */
const MAX_KEPT_MAILS = 200

export class Mailer {
  readonly sent: SentMail[] = []

  constructor(private readonly log: Logger) {}

  send(to: string, kind: MailKind, link: string): void {
    this.sent.push({ to, kind, link, at: new Date() })
    if (this.sent.length > MAX_KEPT_MAILS) this.sent.splice(0, this.sent.length - MAX_KEPT_MAILS)
    const what = kind === 'signup' ? 'Confirm the sign-up' : 'Reset the password'
    this.log.info(`${what} of ${to}: ${link}`)
  }

  /** The newest message to `to` of that kind, if any. */
  last(to: string, kind: MailKind): SentMail | undefined {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const m = this.sent[i]!
      if (m.to === to.toLowerCase() && m.kind === kind) return m
    }
    return undefined
  }
}

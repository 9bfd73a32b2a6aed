import { ageOf } from '@/domain/account-screens'
import { t } from '@/i18n'

/** "just now", "5 min ago", "2 h ago", "3 days ago". */
export function ageText(thenMs: number, nowMs: number): string {
  const age = ageOf(thenMs, nowMs)
  if (age.unit === 'now') return t('syncState.justNow')
  const key =
    age.unit === 'minutes' ? 'syncState.minutesAgo' : age.unit === 'hours' ? 'syncState.hoursAgo' : 'syncState.daysAgo'
  return t(key, { n: age.n })
}

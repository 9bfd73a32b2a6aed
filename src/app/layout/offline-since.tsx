import { t } from '@/i18n'
import { ageText } from './age-text'
import { useNow } from '@/ui/use-now'

/** "Offline — showing what this device has, updated 5 min ago", renewed while shown. */
export function OfflineSince({ lastSyncAt }: { lastSyncAt: number }) {
  const now = useNow(30_000)
  return <>{t('syncState.offlineSince', { ago: ageText(lastSyncAt, now) })}</>
}

import { t } from '@/i18n'
import { ageText } from './age-text'
import { useNow } from './use-shell-sync'

/** "Offline — showing what this device has, updated 5 min ago", renewed while shown. */
export function OfflineSince({ lastSyncAt }: { lastSyncAt: number }) {
  const now = useNow()
  return <>{t('syncState.offlineSince', { ago: ageText(lastSyncAt, now) })}</>
}

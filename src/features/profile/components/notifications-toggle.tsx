import { t } from '@/i18n'
import { usePushNotifications } from '@/data'

export interface NotificationsToggleProps {
  availability: 'available' | 'needs-install' | 'denied' | 'unsupported'
  enabled: boolean
  busy: boolean
  failed: boolean
  enable(): Promise<unknown>
  disable(): Promise<unknown>
}

/** "Notifications: On/Off" as a switch, or why this browser cannot have them (install first, blocked, none). */
export function NotificationsToggle({
  availability,
  enabled,
  busy,
  failed,
  enable,
  disable,
}: NotificationsToggleProps) {
  const note =
    availability === 'needs-install'
      ? t('push.installFirstText')
      : availability === 'denied'
        ? t('push.denied')
        : availability === 'unsupported'
          ? t('push.unsupported')
          : failed
            ? t('push.failed')
            : t('push.toggleHelp')
  return (
    <section
      aria-label={t('push.toggleLabel')}
      className="flex items-start justify-between gap-4 rounded-xl border border-stone-200 p-4"
    >
      <div>
        <p id="kreis-notifications-label" className="font-semibold">
          {t('push.toggleLabel')}
        </p>
        <p className="text-sm text-stone-700">{note}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={enabled}
        aria-labelledby="kreis-notifications-label"
        disabled={busy || availability !== 'available'}
        onClick={() => void (enabled ? disable() : enable())}
        className="min-h-11 shrink-0 rounded-full border border-stone-300 px-4 text-sm font-semibold aria-checked:border-emerald-700 aria-checked:bg-emerald-700 aria-checked:text-white disabled:opacity-50"
      >
        {enabled ? t('push.toggleOn') : t('push.toggleOff')}
      </button>
    </section>
  )
}

/** The switch for this browser and the signed-in user (the /profile page's setting). */
export function NotificationsSetting() {
  return <NotificationsToggle {...usePushNotifications()} />
}

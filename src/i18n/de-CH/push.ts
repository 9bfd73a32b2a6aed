// Web-Push: die Benachrichtigung über eine neue Nachricht, das Angebot nach einer ersten Nachricht oder einem Inserat
// und der Schalter auf /profile. Die Benachrichtigung selbst schreibt der Server in der Sprache des Profils, mit
// denselben Wörtern (supabase/functions/_shared/push/push-texts.ts).
import type { push as en } from '../en/push'
import { PRODUCT_NAME } from '../en/product'

export const push: Record<keyof typeof en, string> = {
  'push.notificationTitle': 'Neue Nachricht von {name}',
  'push.notificationTitleNoName': 'Neue Nachricht',
  'push.notificationBody': '{title}: {text}',
  'push.promptTitle': 'Erfahre sofort, wenn jemand antwortet',
  'push.promptText': `${PRODUCT_NAME} kann dich über neue Nachrichten informieren, auch wenn die App geschlossen ist. Dein Browser fragt dich, ob du Benachrichtigungen erlauben willst.`,
  'push.promptAccept': 'Benachrichtigungen einschalten',
  'push.promptDismiss': 'Später',
  'push.installFirstTitle': 'Für Benachrichtigungen braucht es die App auf dem Home-Bildschirm',
  'push.installFirstText': `Auf iPhone und iPad kann ${PRODUCT_NAME} dich erst benachrichtigen, wenn die App installiert ist: Tippe auf «Teilen», dann auf «Zum Home-Bildschirm», und öffne sie von dort.`,
  'push.toggleLabel': 'Benachrichtigungen',
  'push.toggleOn': 'Ein',
  'push.toggleOff': 'Aus',
  'push.toggleHelp': 'Neue Nachrichten, auch wenn die App geschlossen ist.',
  'push.denied':
    'Benachrichtigungen sind für diese Website blockiert. Erlaube sie in den Einstellungen deines Browsers, um sie einzuschalten.',
  'push.unsupported': 'Dieser Browser kann keine Benachrichtigungen von Websites anzeigen.',
  'push.failed': 'Benachrichtigungen konnten nicht eingeschaltet werden. Bitte versuch es nochmals.',
}

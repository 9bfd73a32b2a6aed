// Web Push : la notification d’un nouveau message, la proposition après un premier message ou une annonce, et
// l’interrupteur de /profile. La notification elle-même est rédigée par le serveur dans la langue du profil, avec
// les mêmes mots (supabase/functions/_shared/push/push-texts.ts).
import type { push as en } from '../en/push'
import { PRODUCT_NAME } from '../en/product'

export const push: Record<keyof typeof en, string> = {
  'push.notificationTitle': 'Nouveau message de {name}',
  'push.notificationTitleNoName': 'Nouveau message',
  'push.notificationBody': '{title} : {text}',
  'push.promptTitle': 'Sachez tout de suite quand on vous répond',
  'push.promptText': `${PRODUCT_NAME} peut vous signaler les nouveaux messages, même quand l’app est fermée. Votre navigateur vous demandera d’autoriser les notifications.`,
  'push.promptAccept': 'Activer les notifications',
  'push.promptDismiss': 'Plus tard',
  'push.installFirstTitle': 'Pour les notifications, l’app doit être sur l’écran d’accueil',
  'push.installFirstText': `Sur iPhone et iPad, ${PRODUCT_NAME} ne peut vous envoyer de notifications qu’une fois installée\u202f: touchez Partager, puis «\u202fSur l’écran d’accueil\u202f», et ouvrez-la depuis l’écran d’accueil.`,
  'push.toggleLabel': 'Notifications',
  'push.toggleOn': 'Activées',
  'push.toggleOff': 'Désactivées',
  'push.toggleHelp': 'Nouveaux messages, même quand l’app est fermée.',
  'push.denied':
    'Les notifications sont bloquées pour ce site. Autorisez-les dans les paramètres de votre navigateur pour les activer.',
  'push.unsupported': 'Ce navigateur ne peut pas afficher de notifications de sites web.',
  'push.failed': 'Les notifications n’ont pas pu être activées. Veuillez réessayer.',
}

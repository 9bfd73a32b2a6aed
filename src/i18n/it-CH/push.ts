// Web Push: la notifica di un nuovo messaggio, la proposta dopo un primo messaggio o annuncio e l’interruttore di
// /profile. La notifica stessa la scrive il server nella lingua del profilo, con le stesse parole
// (supabase/functions/_shared/push/push-texts.ts).
import type { push as en } from '../en/push'
import { PRODUCT_NAME } from '../en/product'

export const push: Record<keyof typeof en, string> = {
  'push.notificationTitle': 'Nuovo messaggio da {name}',
  'push.notificationTitleNoName': 'Nuovo messaggio',
  'push.notificationBody': '{title}: {text}',
  'push.promptTitle': 'Scopri subito quando qualcuno ti risponde',
  'push.promptText': `${PRODUCT_NAME} può avvisarti dei nuovi messaggi, anche quando l’app è chiusa. Il browser ti chiederà di consentire le notifiche.`,
  'push.promptAccept': 'Attiva le notifiche',
  'push.promptDismiss': 'Non ora',
  'push.installFirstTitle': 'Per le notifiche serve l’app nella schermata Home',
  'push.installFirstText': `Su iPhone e iPad, ${PRODUCT_NAME} può inviarti notifiche solo dopo averla installata: tocca Condividi, poi «Aggiungi alla schermata Home», e aprila da lì.`,
  'push.toggleLabel': 'Notifiche',
  'push.toggleOn': 'Attive',
  'push.toggleOff': 'Disattivate',
  'push.toggleHelp': 'Nuovi messaggi, anche quando l’app è chiusa.',
  'push.denied': 'Le notifiche sono bloccate per questo sito. Consentile nelle impostazioni del browser per attivarle.',
  'push.unsupported': 'Questo browser non può mostrare notifiche dai siti web.',
  'push.failed': 'Non è stato possibile attivare le notifiche. Riprova.',
}

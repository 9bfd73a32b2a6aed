// Die Seite der Mitgliedschaft und die Seiten nach der Zahlung.
import type { subscription as en } from '../en/subscription'
import { PRODUCT_NAME } from '../en/product'

export const subscription: Record<keyof typeof en, string> = {
  'plan.intro':
    'Der 1. Monat ist gratis, der 2. kostet CHF 2, danach CHF 5 pro Monat. Keine Provision auf deine Verkäufe.',
  'plan.activeUntil': 'Aktiv bis {date}',
  'plan.phaseTrialText': 'Dein erster Monat ist gratis. Du kannst deine Mitgliedschaft schon jetzt für CHF 2 starten.',
  'plan.phaseWelcomeText': 'Dein Gratismonat ist vorbei. Der zweite Monat kostet nur CHF 2.',
  'plan.phaseSubscriptionText': `Verkauf weiter auf ${PRODUCT_NAME} für CHF 5 pro Monat.`,
  'plan.phaseActiveText': `Danke, dass du ${PRODUCT_NAME} unterstützt. Deine Mitgliedschaft verlängert sich monatlich für CHF 5.`,
  'plan.lapsedText': 'Dein bezahlter Monat ist am {date} abgelaufen. Bezahl, um deine Mitgliedschaft weiterzuführen.',
  'plan.cancelledText': 'Dein Abo ist gekündigt. Du kannst jederzeit wieder abonnieren.',
  'plan.paidUntil': 'Bezahlt bis {date}',
  'plan.cancelledPaidText':
    'Dein Abo ist gekündigt und verlängert sich nicht mehr. Den bezahlten Monat kannst du noch bis {date} nutzen.',
  'plan.badgeCancelled': 'Gekündigt',
  'plan.phaseCancelled': 'Gekündigtes Abo',
  'plan.nothingToPay': 'Bis {date} gibt es nichts zu bezahlen. Danach kannst du hier wieder ein Abo abschliessen.',
  'plan.payAmount': '{amount} bezahlen',
  'plan.payEarly': '{amount} im Voraus bezahlen',
  'plan.paying': 'Zahlung wird geöffnet …',
  'plan.payNote': 'Die sichere Zahlungsseite öffnet sich in einem neuen Tab.',
  'plan.noActiveToCancel': 'Du hast kein aktives Abo, das du kündigen könntest.',
  'plan.cancelConfirmTitle': 'Abo kündigen?',
  'plan.cancelConfirmText':
    'Deine Mitgliedschaft verlängert sich nicht mehr. Der bereits bezahlte Monat wird nicht zurückerstattet.',
  'plan.cancelConfirm': 'Ja, kündigen',
  'plan.keep': 'Mitgliedschaft behalten',
  'plan.cancelling': 'Wird gekündigt …',
  'plan.state.active': 'Aktiv',
  'plan.state.pending': 'Ausstehend',
  'plan.state.inactive': 'Inaktiv',
  'plan.paymentsTitle': 'Zahlungen',
  'plan.paymentsEmpty': 'Noch keine Zahlungen.',
  'plan.paymentsUnavailable': 'Deine Zahlungen erscheinen hier, sobald du online bist.',
  'plan.paymentsUpdated': 'Aktualisiert {date}',
  'plan.paymentStatus.paid': 'Bezahlt',
  'plan.paymentStatus.pending': 'Ausstehend',
  'plan.paymentStatus.cancelled': 'Storniert',
  'plan.paymentStatus.failed': 'Fehlgeschlagen',
  'plan.offline':
    'Du bist offline. Das ist deine Mitgliedschaft beim letzten Abgleich; Bezahlen und Kündigen brauchen eine Verbindung.',
  'plan.payOffline': 'Zum Bezahlen braucht es eine Verbindung.',
  'plan.cancelOffline': 'Zum Kündigen braucht es eine Verbindung.',
  'plan.notOnDevice':
    'Deine Mitgliedschaft ist noch nicht auf diesem Gerät. Verbinde dich mit dem Internet, um sie zu laden.',
  'plan.retry': 'Nochmals versuchen',
  'plan.redirecting': 'Einen Moment …',
  'plan.signInToConfirm': 'Bitte melde dich an, um deine Zahlung zu bestätigen.',
  'plan.signInToConfirmTitle': 'Zahlung bestätigen',
  'plan.confirmOffline': 'Du bist offline. Deine Zahlung wird bestätigt, sobald du wieder online bist.',
  'plan.activatedText': `Danke! Deine ${PRODUCT_NAME}-Mitgliedschaft ist aktiv.`,
}

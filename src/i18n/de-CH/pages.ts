// Statische Seiten und das Kontaktformular.
import type { pages as en } from '../en/pages'
import { PRODUCT_NAME } from '../en/product'

export const pages: Record<keyof typeof en, string> = {
  'ourStory.title': 'Unsere Geschichte',
  'joinMovement.title': 'Mach mit',
  'terms.title': 'Allgemeine Geschäftsbedingungen',
  'terms.noPayments': `${PRODUCT_NAME} wickelt weder Zahlung noch Versand zwischen Mitgliedern ab.`,
  'terms.courts': 'Gerichtsstand ist Zürich.',
  'privacy.title': 'Datenschutzerklärung',
  'privacy.minimumAge': 'Für die Nutzung musst du mindestens 16 Jahre alt sein.',
  'contact.title': 'Kontakt',
  'contact.name': 'Name',
  'contact.email': 'E-Mail',
  'contact.subject': 'Betreff',
  'contact.subjectPlaceholder': 'Betreff wählen',
  'contact.subject.general': 'Allgemeine Anfrage',
  'contact.subject.technical': 'Technischer Support',
  'contact.subject.feedback': 'Feedback',
  'contact.subject.other': 'Anderes',
  'contact.message': 'Nachricht',
  'contact.sendCopy': 'Kopie an mich senden',
  'contact.submit': 'Nachricht senden',
  'contact.thankYou': 'Vielen Dank!',
  'contact.direct': 'Oder schreib uns direkt an {email}',
  'contact.nameRequired': 'Name ist erforderlich',
  'contact.emailRequired': 'E-Mail ist erforderlich',
  'contact.emailInvalid': 'Ungültige E-Mail-Adresse',
  'contact.subjectRequired': 'Bitte wähle einen Betreff',
  'contact.messageRequired': 'Nachricht ist erforderlich',
}

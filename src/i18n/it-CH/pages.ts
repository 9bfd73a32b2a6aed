// Pagine statiche e modulo di contatto.
import type { pages as en } from '../en/pages'
import { PRODUCT_NAME } from '../en/product'

export const pages: Record<keyof typeof en, string> = {
  'ourStory.title': 'La nostra storia',
  'joinMovement.title': 'Unisciti al movimento',
  'terms.title': 'Condizioni d’uso',
  'terms.noPayments': `${PRODUCT_NAME} non gestisce né pagamenti né spedizioni tra i membri.`,
  'terms.courts': 'Il foro competente è Zurigo.',
  'privacy.title': 'Informativa sulla privacy',
  'privacy.minimumAge': 'Per usare il servizio devi avere almeno 16 anni.',
  'contact.title': 'Contattaci',
  'contact.name': 'Nome',
  'contact.email': 'E-mail',
  'contact.subject': 'Oggetto',
  'contact.subjectPlaceholder': 'Scegli un oggetto',
  'contact.subject.general': 'Domanda generale',
  'contact.subject.technical': 'Assistenza tecnica',
  'contact.subject.feedback': 'Feedback',
  'contact.subject.other': 'Altro',
  'contact.message': 'Messaggio',
  'contact.sendCopy': 'Inviami una copia',
  'contact.submit': 'Invia il messaggio',
  'contact.thankYou': 'Grazie!',
  'contact.direct': 'Oppure scrivici direttamente a {email}',
  'contact.nameRequired': 'Il nome è obbligatorio',
  'contact.emailRequired': 'L’e-mail è obbligatoria',
  'contact.emailInvalid': 'Indirizzo e-mail non valido',
  'contact.subjectRequired': 'Scegli un oggetto',
  'contact.messageRequired': 'Il messaggio è obbligatorio',
}

// Pages statiques et formulaire de contact.
import type { pages as en } from '../en/pages'
import { PRODUCT_NAME } from '../en/product'

export const pages: Record<keyof typeof en, string> = {
  'ourStory.title': 'Notre histoire',
  'joinMovement.title': 'Rejoignez le mouvement',
  'terms.title': 'Conditions générales d’utilisation',
  'terms.noPayments': `${PRODUCT_NAME} ne gère ni le paiement ni l’envoi entre membres.`,
  'terms.courts': 'Le for juridique est à Zurich.',
  'privacy.title': 'Politique de confidentialité',
  'privacy.minimumAge': 'Vous devez avoir au moins 16 ans pour utiliser le service.',
  'contact.title': 'Contactez-nous',
  'contact.name': 'Nom',
  'contact.email': 'E-mail',
  'contact.subject': 'Objet',
  'contact.subjectPlaceholder': 'Choisir un objet',
  'contact.subject.general': 'Question générale',
  'contact.subject.technical': 'Support technique',
  'contact.subject.feedback': 'Suggestions',
  'contact.subject.other': 'Autre',
  'contact.message': 'Message',
  'contact.sendCopy': 'M’envoyer une copie',
  'contact.submit': 'Envoyer le message',
  'contact.thankYou': 'Merci !',
  'contact.direct': 'Ou écrivez-nous directement à {email}',
  'contact.nameRequired': 'Le nom est obligatoire',
  'contact.emailRequired': 'L’e-mail est obligatoire',
  'contact.emailInvalid': 'Adresse e-mail non valable',
  'contact.subjectRequired': 'Veuillez choisir un objet',
  'contact.messageRequired': 'Le message est obligatoire',
}

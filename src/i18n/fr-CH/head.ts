// Le titre et la description du document pour chaque route, là où aucun titre d’écran ne convient.
import type { head as en } from '../en/head'
import { PRODUCT_NAME } from '../en/product'

export const head: Record<keyof typeof en, string> = {
  'head.description':
    'Portez des histoires, pas des tendances. Achetez et vendez des vêtements de seconde main partout en Suisse, dans un seul cercle plein de style.',
  'head.shopDescription':
    'Parcourez des vêtements de seconde main de toute la Suisse\u202f: filtrez par catégorie, taille, état et prix.',
  'head.sellDescription':
    'Vendez les vêtements que vous ne portez plus\u202f: ajoutez photos et détails, et votre annonce est en ligne en quelques minutes.',
  'head.subscriptionDescription': `Votre abonnement ${PRODUCT_NAME}\u202f: 1er mois gratuit, 2e mois CHF 2, puis CHF 5 par mois, sans commission sur les ventes.`,
  'head.signIn': 'Se connecter',
  'head.subscription': 'Votre abonnement',
  'head.paymentSuccess': 'Paiement reçu',
  'head.paymentFailed': 'Paiement non abouti',
  'head.item': 'Article',
  'head.sellPreview': 'Aperçu',
  'head.sellSuccess': 'Article publié',
}

// Les textes des pages statiques (/our-story, /join-movement, /terms, /privacy-policy).
import type { staticPages as en } from '../en/static-pages'
import { PRODUCT_NAME } from '../en/product'

export const staticPages: Record<keyof typeof en, string> = {
  'pages.lastUpdated': 'Dernière mise à jour : {date}',
  'ourStory.lead': `${PRODUCT_NAME} signifie «\u202fcercle\u202f» en allemand. Nous l’avons lancé parce que les beaux vêtements méritent plus d’une vie, et parce qu’acheter de seconde main en Suisse devrait être aussi simple qu’acheter neuf.`,
  'ourStory.storiesTitle': 'Portez des histoires, pas des tendances',
  'ourStory.storiesText': `Chaque pièce de seconde main a son histoire\u202f: le manteau qui a connu un hiver à Berne, la robe portée à un mariage à Genève. ${PRODUCT_NAME} fait revenir ces vêtements dans le cercle, d’une garde-robe à la suivante.`,
  'ourStory.swissTitle': 'Suisse, direct et équitable',
  'ourStory.swissText': `${PRODUCT_NAME} s’adresse aux personnes vivant en Suisse. Acheteurs et vendeurs se parlent directement et s’entendent eux-mêmes sur le retrait ou l’envoi. Nous ne prenons aucune commission\u202f: les vendeurs gardent tout ce qu’ils gagnent.`,
  'ourStory.lastingTitle': 'Une mode qui dure',
  'ourStory.lastingText':
    'Le vêtement le plus durable est celui qui existe déjà. En portant leurs habits plus longtemps, nos membres économisent de l’eau, de l’énergie et de l’argent – et trouvent des pièces que personne d’autre ne porte.',
  'joinMovement.lead':
    'La mode circulaire, c’est simple : achetez ce qui existe déjà, vendez ce que vous ne portez plus et gardez les vêtements hors de la poubelle.',
  'joinMovement.stepsTitle': 'Quatre étapes',
  'joinMovement.step': '{title} :',
  'joinMovement.membershipTitle': 'Abonnement',
  'joinMovement.membershipText':
    'Parcourir et acheter est gratuit. Les vendeurs profitent d’un premier mois gratuit (sans carte de crédit), puis paient CHF 2 le deuxième mois et CHF 5 par mois dès le troisième. Résiliable à tout moment.',
  'joinMovement.startTitle': 'Commencez aujourd’hui',
  'joinMovement.startText': '{signUp} ou {browse}.',
  'joinMovement.signUp': 'Créez votre compte',
  'joinMovement.browse': 'parcourez le marché',
  'terms.lead': `Ces conditions s’appliquent à toute personne qui utilise ${PRODUCT_NAME}, une place de marché où des personnes en Suisse achètent et vendent directement entre elles des vêtements de seconde main.`,
  'terms.whatTitle': `Ce que fait ${PRODUCT_NAME}`,
  'terms.whatText': `${PRODUCT_NAME} permet aux membres de publier des vêtements, de trouver des articles et de s’écrire. ${PRODUCT_NAME} n’est partie à aucune vente.`,
  'terms.paymentTitle': 'Paiement et envoi entre membres',
  'terms.paymentText':
    'Acheteurs et vendeurs conviennent eux-mêmes du prix, du paiement, du retrait ou de l’envoi, et en sont responsables.',
  'terms.accountsTitle': 'Comptes',
  'terms.accountsText': `Vous devez avoir au moins {age} ans pour utiliser ${PRODUCT_NAME}. Gardez vos identifiants secrets\u202f; vous êtes responsable de ce qui se passe sous votre compte.`,
  'terms.listingsTitle': 'Annonces et évaluations',
  'terms.listingsText':
    'Ne publiez que des vêtements qui vous appartiennent et décrivez-les honnêtement, avec des photos de l’article réel. Les membres peuvent s’évaluer mutuellement ; les évaluations doivent être véridiques et respectueuses.',
  'terms.membershipTitle': 'Abonnement vendeur',
  'terms.membershipText': `Pour vendre, un abonnement est nécessaire\u202f: 1er mois gratuit (sans carte de crédit), 2e mois CHF 2, puis CHF 5 par mois dès le 3e mois. L’abonnement se renouvelle automatiquement et peut être résilié à tout moment\u202f; les mois entamés ne sont pas remboursés. ${PRODUCT_NAME} ne prélève aucune commission sur les ventes.`,
  'terms.lawTitle': 'Droit applicable et for',
  'terms.law': 'Ces conditions sont régies par le droit suisse.',
  'terms.questions': 'Questions : {email}.',
  'privacy.lead': `Cette politique explique quelles données personnelles ${PRODUCT_NAME} conserve, pourquoi, et ce que vous pouvez faire à ce sujet.`,
  'privacy.minimumAgeTitle': 'Âge minimum',
  'privacy.minimumAgeMore': 'Nous ne conservons pas sciemment de données sur des personnes plus jeunes.',
  'privacy.keepTitle': 'Ce que nous conservons',
  'privacy.keepAccount': 'Votre compte : adresse e-mail, nom et, si vous l’indiquez, votre localité.',
  'privacy.keepListings': 'Vos annonces et leurs photos, publiques tant qu’une annonce est active.',
  'privacy.keepMessages': 'Les messages échangés avec d’autres membres, visibles uniquement par vous deux.',
  'privacy.keepMembership':
    'Le statut de votre abonnement et les dates de paiement (les données de carte restent chez le prestataire de paiement).',
  'privacy.deviceTitle': 'Sur votre appareil',
  'privacy.deviceText': `${PRODUCT_NAME} fonctionne hors ligne\u202f: les annonces, vos messages et vos brouillons sont enregistrés dans votre navigateur pour que l’app s’ouvre vite, même sans réseau. Se déconnecter et effacer les données du site les supprime.`,
  'privacy.rightsTitle': 'Vos droits',
  'privacy.rightsText': 'Vous pouvez consulter, corriger ou supprimer vos données à tout moment. Écrivez à {email}.',
}

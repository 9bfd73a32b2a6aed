// La page d’article et l’app installable (installation et mise à jour).
import type { itemArea as en } from '../en/item'
import { PRODUCT_NAME } from '../en/product'

export const itemArea: Record<keyof typeof en, string> = {
  'item.loading': 'Chargement de l’article',
  'item.gallery': 'Photos de {title}',
  'item.fullScreen': 'Afficher la photo en plein écran',
  'item.zoomIn': 'Agrandir',
  'item.galleryRole': 'carrousel',
  'item.slideRole': 'diapositive',
  'item.galleryHint': 'Utilisez les flèches gauche et droite pour parcourir les photos.',
  'item.imageAlt': '{title}, photo {index} sur {total}',
  'item.sold': 'Vendu',
  'item.soldOwnerNote': 'Cet article est vendu. Il n’est plus visible que pour vous.',
  'item.soldTitle': 'Article vendu',
  'item.soldText': 'Cet article n’est plus disponible.',
  'item.sizeChip': 'Taille {size}',
  'item.location': 'Lieu',
  'item.seller': 'Vendu par',
  'item.editListing': 'Modifier l’annonce',
  'item.offlineNotSaved': 'Vous êtes hors ligne et cet article n’est pas encore enregistré sur cet appareil.',
  'item.browseShop': 'Parcourir le marché',
  'item.pending': 'En attente du réseau',
  'pwa.updateAvailable': `Une nouvelle version de ${PRODUCT_NAME} est disponible`,
  'pwa.reload': 'Recharger',
  'pwa.updating': 'Rechargement…',
  'pwa.dismiss': 'Plus tard',
  'pwa.installTitle': `Installer ${PRODUCT_NAME}`,
  'pwa.installText': 'Ouvrez-la depuis votre écran d’accueil, même hors ligne.',
  'pwa.install': 'Installer',
  'pwa.iosHint': 'Touchez le bouton Partager, puis « Sur l’écran d’accueil ».',
  'pwa.iosHintTitle': `Ajouter ${PRODUCT_NAME} à l’écran d’accueil`,
}

// Die Artikelseite und die installierbare App (Hinweise zu Installation und Update).
import type { itemArea as en } from '../en/item'
import { PRODUCT_NAME } from '../en/product'

export const itemArea: Record<keyof typeof en, string> = {
  'item.loading': 'Artikel wird geladen',
  'item.gallery': 'Fotos von {title}',
  'item.fullScreen': 'Foto im Vollbild ansehen',
  'item.zoomIn': 'Vergrössern',
  'item.galleryRole': 'Karussell',
  'item.slideRole': 'Bild',
  'item.galleryHint': 'Mit den Pfeiltasten links und rechts blätterst du durch die Fotos.',
  'item.imageAlt': '{title}, Foto {index} von {total}',
  'item.sold': 'Verkauft',
  'item.soldOwnerNote': 'Dieser Artikel ist verkauft. Nur du siehst ihn noch.',
  'item.soldTitle': 'Artikel verkauft',
  'item.soldText': 'Dieser Artikel ist nicht mehr verfügbar.',
  'item.sizeChip': 'Grösse {size}',
  'item.location': 'Ort',
  'item.seller': 'Verkauft von',
  'item.editListing': 'Inserat bearbeiten',
  'item.offlineNotSaved': 'Du bist offline und dieser Artikel ist noch nicht auf diesem Gerät gespeichert.',
  'item.browseShop': 'Zum Marktplatz',
  'item.pending': 'Wartet auf Verbindung',
  'pwa.updateAvailable': `Eine neue Version von ${PRODUCT_NAME} ist da`,
  'pwa.reload': 'Neu laden',
  'pwa.updating': 'Wird neu geladen …',
  'pwa.dismiss': 'Später',
  'pwa.installTitle': `${PRODUCT_NAME} installieren`,
  'pwa.installText': 'Öffne die App vom Startbildschirm aus, sogar offline.',
  'pwa.install': 'Installieren',
  'pwa.iosHint': 'Tippe auf «Teilen» und dann auf «Zum Home-Bildschirm».',
  'pwa.iosHintTitle': `${PRODUCT_NAME} zum Home-Bildschirm hinzufügen`,
}

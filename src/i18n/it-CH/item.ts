// La pagina dell’articolo e l’app installabile (installazione e aggiornamento).
import type { itemArea as en } from '../en/item'
import { PRODUCT_NAME } from '../en/product'

export const itemArea: Record<keyof typeof en, string> = {
  'item.loading': 'Caricamento dell’articolo',
  'item.gallery': 'Foto di {title}',
  'item.fullScreen': 'Guarda la foto a schermo intero',
  'item.zoomIn': 'Ingrandisci',
  'item.galleryRole': 'carosello',
  'item.slideRole': 'immagine',
  'item.galleryHint': 'Usa le frecce sinistra e destra per sfogliare le foto.',
  'item.imageAlt': '{title}, foto {index} di {total}',
  'item.sold': 'Venduto',
  'item.soldOwnerNote': 'Questo articolo è venduto. Solo tu puoi ancora vederlo.',
  'item.soldTitle': 'Articolo venduto',
  'item.soldText': 'Questo articolo non è più disponibile.',
  'item.sizeChip': 'Taglia {size}',
  'item.location': 'Luogo',
  'item.seller': 'Venduto da',
  'item.editListing': 'Modifica l’annuncio',
  'item.offlineNotSaved': 'Sei offline e questo articolo non è ancora salvato su questo dispositivo.',
  'item.browseShop': 'Sfoglia il mercato',
  'item.pending': 'In attesa della rete',
  'pwa.updateAvailable': `È disponibile una nuova versione di ${PRODUCT_NAME}`,
  'pwa.reload': 'Ricarica',
  'pwa.updating': 'Ricaricamento…',
  'pwa.dismiss': 'Non ora',
  'pwa.installTitle': `Installa ${PRODUCT_NAME}`,
  'pwa.installText': 'Aprila dalla schermata Home, anche offline.',
  'pwa.install': 'Installa',
  'pwa.iosHint': 'Tocca il pulsante Condividi, poi «Aggiungi alla schermata Home».',
  'pwa.iosHintTitle': `Aggiungi ${PRODUCT_NAME} alla schermata Home`,
}

// «I miei annunci» nel proprio profilo.
import type { myListings as en } from '../en/my-listings'

export const myListings: Record<keyof typeof en, string> = {
  'myListings.heading': 'I miei annunci',
  'myListings.loading': 'Caricamento dei tuoi annunci…',
  'myListings.empty': 'Non hai ancora pubblicato nulla',
  'myListings.emptyText':
    'Fotografa qualcosa che non indossi più: in un minuto può essere online, anche senza connessione.',
  'myListings.sellCta': 'Vendi un articolo',
  'myListings.offline':
    'Sei offline. Questi sono gli annunci salvati su questo dispositivo; le modifiche verranno inviate quando torna la connessione.',
  'myListings.group.failed': 'Non pubblicati',
  'myListings.group.pending': 'In attesa di sincronizzazione',
  'myListings.group.active': 'Attivi',
  'myListings.group.sold': 'Venduti',
  'myListings.failedHint':
    'Il server l’ha rifiutato: {message} Modifica l’annuncio per risolvere il problema e riprova, oppure scarta la modifica.',
  'myListings.pendingHint': 'Salvato su questo dispositivo. Verrà inviato appena c’è una connessione.',
  'myListings.edit': 'Modifica',
  'myListings.delete': 'Elimina',
  'myListings.editLabel': 'Modifica {title}',
  'myListings.actionsLabel': 'Azioni per {title}',
  'myListings.markSoldLabel': 'Segna come venduto: {title}',
  'myListings.markAvailableLabel': 'Segna di nuovo come disponibile: {title}',
  'myListings.deleteLabel': 'Elimina l’annuncio: {title}',
  'myListings.retryLabel': 'Riprova: {title}',
  'myListings.discardLabel': 'Scarta: {title}',
  'myListings.discarded': 'Modifica scartata',
  'myListings.retrying': 'Nuovo invio',
  'myListings.showAll': 'Mostra tutti i {count} ({group})',
  'listingNotice.heading': 'Cosa è successo ai tuoi annunci',
  'listingNotice.deleted': 'Questo annuncio è stato eliminato su un altro dispositivo',
  'listingNotice.overwritten': 'È stata mantenuta una modifica più recente fatta su un altro dispositivo',
  'listingNotice.dismiss': 'Nascondi',
  'listingNotice.dismissLabel': 'Nascondi l’avviso su {title}',
}

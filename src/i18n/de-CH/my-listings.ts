// «Meine Inserate» im eigenen Profil.
import type { myListings as en } from '../en/my-listings'

export const myListings: Record<keyof typeof en, string> = {
  'myListings.heading': 'Meine Inserate',
  'myListings.loading': 'Deine Inserate werden geladen …',
  'myListings.empty': 'Du hast noch nichts eingestellt',
  'myListings.emptyText':
    'Fotografier etwas, das du nicht mehr trägst – in einer Minute ist es online, sogar ohne Verbindung.',
  'myListings.sellCta': 'Artikel verkaufen',
  'myListings.offline':
    'Du bist offline. Das sind die Inserate auf diesem Gerät; Änderungen werden gesendet, sobald die Verbindung zurück ist.',
  'myListings.group.failed': 'Nicht veröffentlicht',
  'myListings.group.pending': 'Wartet auf Synchronisierung',
  'myListings.group.active': 'Aktiv',
  'myListings.group.sold': 'Verkauft',
  'myListings.failedHint':
    'Der Server hat es abgelehnt: {message} Bearbeite das Inserat, um den Fehler zu beheben, und versuch es nochmals – oder verwirf die Änderung.',
  'myListings.pendingHint': 'Auf diesem Gerät gespeichert. Wird gesendet, sobald eine Verbindung besteht.',
  'myListings.edit': 'Bearbeiten',
  'myListings.delete': 'Löschen',
  'myListings.editLabel': '{title} bearbeiten',
  'myListings.actionsLabel': 'Aktionen für {title}',
  'myListings.markSoldLabel': 'Als verkauft markieren: {title}',
  'myListings.markAvailableLabel': 'Wieder als verfügbar markieren: {title}',
  'myListings.deleteLabel': 'Inserat löschen: {title}',
  'myListings.retryLabel': 'Nochmals senden: {title}',
  'myListings.discardLabel': 'Verwerfen: {title}',
  'myListings.discarded': 'Änderung verworfen',
  'myListings.retrying': 'Wird nochmals gesendet',
  'myListings.showAll': 'Alle {count} anzeigen ({group})',
  'listingNotice.heading': 'Was mit deinen Inseraten passiert ist',
  'listingNotice.deleted': 'Dieses Inserat wurde auf einem anderen Gerät gelöscht',
  'listingNotice.overwritten': 'Eine neuere Änderung von einem anderen Gerät wurde übernommen',
  'listingNotice.dismiss': 'Ausblenden',
  'listingNotice.dismissLabel': 'Hinweis zu {title} ausblenden',
}

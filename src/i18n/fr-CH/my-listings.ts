// « Mes annonces » dans son propre profil.
import type { myListings as en } from '../en/my-listings'

export const myListings: Record<keyof typeof en, string> = {
  'myListings.heading': 'Mes annonces',
  'myListings.loading': 'Chargement de vos annonces…',
  'myListings.empty': 'Vous n’avez encore rien publié',
  'myListings.emptyText':
    'Photographiez un vêtement que vous ne portez plus : il peut être en ligne en une minute, même sans connexion.',
  'myListings.sellCta': 'Vendre un article',
  'myListings.offline':
    'Vous êtes hors ligne. Voici les annonces enregistrées sur cet appareil ; les modifications seront envoyées au retour de la connexion.',
  'myListings.group.failed': 'Non publiées',
  'myListings.group.pending': 'En attente de synchronisation',
  'myListings.group.active': 'Actives',
  'myListings.group.sold': 'Vendues',
  'myListings.failedHint':
    'Le serveur l’a refusée : {message} Modifiez l’annonce pour corriger le problème, puis réessayez, ou annulez la modification.',
  'myListings.pendingHint': 'Enregistrée sur cet appareil. Elle sera envoyée dès qu’une connexion sera disponible.',
  'myListings.edit': 'Modifier',
  'myListings.delete': 'Supprimer',
  'myListings.editLabel': 'Modifier {title}',
  'myListings.actionsLabel': 'Actions pour {title}',
  'myListings.markSoldLabel': 'Marquer comme vendu : {title}',
  'myListings.markAvailableLabel': 'Marquer à nouveau comme disponible : {title}',
  'myListings.deleteLabel': 'Supprimer l’annonce : {title}',
  'myListings.retryLabel': 'Réessayer : {title}',
  'myListings.discardLabel': 'Annuler : {title}',
  'myListings.discarded': 'Modification annulée',
  'myListings.retrying': 'Nouvel envoi',
  'myListings.showAll': 'Afficher les {count} ({group})',
  'listingNotice.heading': 'Ce qui est arrivé à vos annonces',
  'listingNotice.deleted': 'Cette annonce a été supprimée sur un autre appareil',
  'listingNotice.overwritten': 'Une modification plus récente faite sur un autre appareil a été conservée',
  'listingNotice.dismiss': 'Masquer',
  'listingNotice.dismissLabel': 'Masquer l’avis concernant {title}',
}

// La vente au-delà des textes de base : état des photos, brouillons, publication, vendu et suppression.
import type { sellFlow as en } from '../en/sell-flow'

export const sellFlow: Record<keyof typeof en, string> = {
  'sellFlow.checkingSession': 'Vérification de votre connexion…',
  'sellFlow.steps': 'Étapes',
  'sellFlow.stepOf': 'Étape {current} sur {total} : {name}',
  'sellFlow.loading': 'Chargement de votre annonce…',
  'sellFlow.takePhoto': 'Prendre une photo',
  'sellFlow.choosePhotos': 'Choisir des photos',
  'sellFlow.photoAlt': 'Photo {n} de votre article',
  'sellFlow.dragHandle': 'Déplacer la photo {n}',
  'sellFlow.dragInstructions':
    'Pour déplacer une photo, appuyez sur Espace ou Entrée pour la saisir, déplacez-la avec les touches fléchées, puis appuyez sur Espace ou Entrée pour la déposer, ou sur Échap pour annuler.',
  'sellFlow.dragStart': 'Photo {n} sur {count} saisie.',
  'sellFlow.dragOver': 'La photo {n} est au-dessus de la position {to} sur {count}.',
  'sellFlow.dragOutside': 'La photo {n} est en dehors des photos. La déposer ici ne change pas l’ordre.',
  'sellFlow.dragEnd': 'La photo {n} a été déposée à la position {to} sur {count}.',
  'sellFlow.dragEndUnchanged': 'La photo {n} a été déposée à sa place. L’ordre n’a pas changé.',
  'sellFlow.dragCancel': 'Déplacement de la photo {n} annulé. L’ordre n’a pas changé.',
  'sellFlow.dragHint': 'Faites glisser les photos pour changer leur ordre ; la première sert de couverture.',
  'sellFlow.preparing': 'Préparation de la photo…',
  'sellFlow.stateDevice': 'Sur cet appareil',
  'sellFlow.stateUploading': 'Importation',
  'sellFlow.stateUploaded': 'Importée',
  'sellFlow.stateFailed': 'Non envoyée',
  'sellFlow.savedOnDevice':
    'Les photos sont enregistrées aussitôt sur cet appareil ; elles sont importées à la publication.',
  'sellFlow.heic':
    '{name} est une photo HEIC que ce navigateur ne sait pas lire. Choisissez une photo JPEG, PNG ou WebP (sur iPhone : Réglages › Appareil photo › Formats › Le plus compatible).',
  'sellFlow.unreadable':
    '{name} n’a pas pu être lue. Elle est peut-être endommagée – veuillez choisir une autre photo.',
  'sellFlow.dismiss': 'Fermer',
  'sellFlow.unfinishedTitle': 'Vous avez une annonce inachevée',
  'sellFlow.unfinishedText':
    '{count, plural, one {« {title} » · # photo, enregistrée sur cet appareil} other {« {title} » · # photos, enregistrées sur cet appareil}}',
  'sellFlow.unfinishedUntitled': 'Article sans titre',
  'sellFlow.continue': 'Reprendre',
  'sellFlow.discard': 'Abandonner',
  'sellFlow.offlineNote':
    'Vous êtes hors ligne. Tout est enregistré sur cet appareil et sera publié dès son retour en ligne.',
  'sellFlow.successOffline': 'Elle sera publiée dès que cet appareil sera de nouveau en ligne.',
  'sellFlow.successPending': 'Publication en cours…',
  'sellFlow.successLive': 'Votre annonce est en ligne.',
  'sellFlow.photosProgress': '{done} photos sur {total} importées',
  'sellFlow.failedTitle': 'Votre annonce n’a pas été publiée',
  'sellFlow.retry': 'Réessayer',
  'sellFlow.fixListing': 'Corriger l’annonce',
  'sellFlow.notFound': 'Cette annonce n’est pas sur cet appareil.',
  'sellFlow.notYours': 'Vous ne pouvez modifier que vos propres annonces.',
  'sellFlow.manage': 'Gérer l’annonce',
  'sellFlow.markSold': 'Marquer comme vendu',
  'sellFlow.markAvailable': 'Marquer à nouveau comme disponible',
  'sellFlow.markedSold': 'Marqué comme vendu',
  'sellFlow.markedSoldDescription':
    'L’article a quitté le fil ; les acheteurs ne peuvent plus vous écrire à son sujet.',
  'sellFlow.markedAvailable': 'À nouveau disponible',
  'sellFlow.statusSold': 'Vendu',
  'sellFlow.statusActive': 'Active',
  'sellFlow.delete': 'Supprimer l’annonce',
  'sellFlow.deleteConfirmTitle': 'Supprimer cette annonce ?',
  'sellFlow.deleteConfirmText':
    'L’annonce et ses photos seront définitivement supprimées. Cette action est irréversible.',
  'sellFlow.deleteConfirm': 'Supprimer',
  'sellFlow.deleted': 'Annonce supprimée',
}

// Der Verkaufsablauf über die Grundtexte hinaus: Fotozustände, Entwürfe, Veröffentlichen, Verkauft und Löschen.
import type { sellFlow as en } from '../en/sell-flow'

export const sellFlow: Record<keyof typeof en, string> = {
  'sellFlow.checkingSession': 'Deine Anmeldung wird geprüft …',
  'sellFlow.steps': 'Schritte',
  'sellFlow.stepOf': 'Schritt {current} von {total}: {name}',
  'sellFlow.loading': 'Dein Inserat wird geladen …',
  'sellFlow.takePhoto': 'Foto aufnehmen',
  'sellFlow.choosePhotos': 'Fotos auswählen',
  'sellFlow.photoAlt': 'Foto {n} deines Artikels',
  'sellFlow.dragHandle': 'Foto {n} verschieben',
  'sellFlow.dragInstructions':
    'Um ein Foto zu verschieben, drück die Leertaste oder Enter, um es aufzunehmen, verschieb es mit den Pfeiltasten und leg es mit der Leertaste oder Enter ab – oder brich mit Escape ab.',
  'sellFlow.dragStart': 'Foto {n} von {count} aufgenommen.',
  'sellFlow.dragOver': 'Foto {n} ist über Position {to} von {count}.',
  'sellFlow.dragOutside':
    'Foto {n} ist ausserhalb der Fotos. Legst du es hier ab, bleibt die Reihenfolge, wie sie ist.',
  'sellFlow.dragEnd': 'Foto {n} an Position {to} von {count} abgelegt.',
  'sellFlow.dragEndUnchanged': 'Foto {n} wieder an seinem Platz abgelegt. Die Reihenfolge bleibt unverändert.',
  'sellFlow.dragCancel': 'Verschieben von Foto {n} abgebrochen. Die Reihenfolge bleibt unverändert.',
  'sellFlow.dragHint': 'Zieh die Fotos, um die Reihenfolge zu ändern; das erste ist das Titelbild.',
  'sellFlow.preparing': 'Foto wird vorbereitet …',
  'sellFlow.stateDevice': 'Auf diesem Gerät',
  'sellFlow.stateUploading': 'Wird hochgeladen',
  'sellFlow.stateUploaded': 'Hochgeladen',
  'sellFlow.stateFailed': 'Nicht gesendet',
  'sellFlow.savedOnDevice': 'Fotos werden sofort auf diesem Gerät gespeichert und beim Veröffentlichen hochgeladen.',
  'sellFlow.heic':
    '{name} ist ein HEIC-Foto, das dieser Browser nicht lesen kann. Wähl ein JPEG-, PNG- oder WebP-Foto (auf dem iPhone: Einstellungen › Kamera › Formate › Maximale Kompatibilität).',
  'sellFlow.unreadable':
    '{name} konnte nicht gelesen werden. Die Datei ist vielleicht beschädigt – bitte wähl ein anderes Foto.',
  'sellFlow.dismiss': 'Schliessen',
  'sellFlow.unfinishedTitle': 'Du hast ein unfertiges Inserat',
  'sellFlow.unfinishedText':
    '{count, plural, one {«{title}» · # Foto, auf diesem Gerät gespeichert} other {«{title}» · # Fotos, auf diesem Gerät gespeichert}}',
  'sellFlow.unfinishedUntitled': 'Artikel ohne Titel',
  'sellFlow.continue': 'Weitermachen',
  'sellFlow.discard': 'Verwerfen',
  'sellFlow.offlineNote':
    'Du bist offline. Alles ist auf diesem Gerät gespeichert und wird veröffentlicht, sobald es wieder online ist.',
  'sellFlow.successOffline': 'Es wird veröffentlicht, sobald dieses Gerät wieder online ist.',
  'sellFlow.successPending': 'Wird jetzt veröffentlicht …',
  'sellFlow.successLive': 'Dein Inserat ist online.',
  'sellFlow.photosProgress': '{done} von {total} Fotos hochgeladen',
  'sellFlow.failedTitle': 'Dein Inserat wurde nicht veröffentlicht',
  'sellFlow.retry': 'Nochmals versuchen',
  'sellFlow.fixListing': 'Inserat korrigieren',
  'sellFlow.notFound': 'Dieses Inserat ist nicht auf diesem Gerät.',
  'sellFlow.notYours': 'Du kannst nur deine eigenen Inserate bearbeiten.',
  'sellFlow.manage': 'Inserat verwalten',
  'sellFlow.markSold': 'Als verkauft markieren',
  'sellFlow.markAvailable': 'Wieder als verfügbar markieren',
  'sellFlow.markedSold': 'Als verkauft markiert',
  'sellFlow.markedSoldDescription':
    'Der Artikel ist nicht mehr im Feed; Käufer können dir dazu keine Nachrichten mehr schreiben.',
  'sellFlow.markedAvailable': 'Wieder verfügbar',
  'sellFlow.statusSold': 'Verkauft',
  'sellFlow.statusActive': 'Aktiv',
  'sellFlow.delete': 'Inserat löschen',
  'sellFlow.deleteConfirmTitle': 'Dieses Inserat löschen?',
  'sellFlow.deleteConfirmText':
    'Das Inserat und seine Fotos werden endgültig entfernt. Das lässt sich nicht rückgängig machen.',
  'sellFlow.deleteConfirm': 'Löschen',
  'sellFlow.deleted': 'Inserat gelöscht',
}

// Die Texte der statischen Seiten (/our-story, /join-movement, /terms, /privacy-policy).
import type { staticPages as en } from '../en/static-pages'
import { PRODUCT_NAME } from '../en/product'

export const staticPages: Record<keyof typeof en, string> = {
  'pages.lastUpdated': 'Zuletzt aktualisiert: {date}',
  'ourStory.lead': `${PRODUCT_NAME} heisst Kreis. Wir haben ihn gegründet, weil gute Kleider mehr als eine Besitzerin verdienen – und weil Secondhand kaufen in der Schweiz so einfach sein sollte wie neu kaufen.`,
  'ourStory.storiesTitle': 'Trag Geschichten, nicht Trends',
  'ourStory.storiesText': `Jedes Stück aus zweiter Hand erzählt eine Geschichte: der Mantel, der einen Winter in Bern erlebt hat, das Kleid, das an einer Hochzeit in Genf getragen wurde. ${PRODUCT_NAME} bringt diese Kleider zurück in den Kreis, von einem Kleiderschrank in den nächsten.`,
  'ourStory.swissTitle': 'Schweizerisch, direkt und fair',
  'ourStory.swissText': `${PRODUCT_NAME} ist für Menschen in der Schweiz. Käufer und Verkäuferinnen schreiben sich direkt und machen Abholung oder Versand selbst ab. Wir verlangen keine Provision: Der ganze Erlös gehört dir.`,
  'ourStory.lastingTitle': 'Mode, die bleibt',
  'ourStory.lastingText':
    'Das nachhaltigste Kleidungsstück ist das, das es schon gibt. Wer Kleider länger trägt, spart Wasser, Energie und Geld – und findet Stücke, die sonst niemand hat.',
  'joinMovement.lead':
    'Kreislauf-Mode ist einfach: Kauf, was es schon gibt, verkauf, was du nicht mehr trägst, und bewahr Kleider vor dem Abfall.',
  'joinMovement.stepsTitle': 'Vier Schritte',
  'joinMovement.step': '{title}:',
  'joinMovement.membershipTitle': 'Mitgliedschaft',
  'joinMovement.membershipText':
    'Stöbern und Kaufen sind gratis. Wer verkauft, hat den ersten Monat gratis (ohne Kreditkarte), zahlt dann CHF 2 für den zweiten Monat und ab dem dritten CHF 5 pro Monat. Jederzeit kündbar.',
  'joinMovement.startTitle': 'Heute anfangen',
  'joinMovement.startText': '{signUp} oder {browse}.',
  'joinMovement.signUp': 'Erstell dein Konto',
  'joinMovement.browse': 'stöbere im Marktplatz',
  'terms.lead': `Diese Bedingungen gelten für alle, die ${PRODUCT_NAME} nutzen – einen Marktplatz, auf dem Menschen in der Schweiz Secondhand-Kleider direkt untereinander kaufen und verkaufen.`,
  'terms.whatTitle': `Was ${PRODUCT_NAME} macht`,
  'terms.whatText': `Mit ${PRODUCT_NAME} können Mitglieder Kleider inserieren, Artikel finden und einander Nachrichten schreiben. ${PRODUCT_NAME} ist nicht Partei eines Verkaufs.`,
  'terms.paymentTitle': 'Zahlung und Versand zwischen Mitgliedern',
  'terms.paymentText':
    'Käufer und Verkäufer vereinbaren Preis, Zahlung, Abholung oder Versand selbst und sind dafür verantwortlich.',
  'terms.accountsTitle': 'Konten',
  'terms.accountsText': `Um ${PRODUCT_NAME} zu nutzen, musst du mindestens {age} Jahre alt sein. Halte deine Zugangsdaten geheim; du bist verantwortlich für alles, was unter deinem Konto geschieht.`,
  'terms.listingsTitle': 'Inserate und Bewertungen',
  'terms.listingsText':
    'Inseriere nur Kleider, die dir gehören, und beschreib sie ehrlich, mit Fotos des tatsächlichen Artikels. Mitglieder können einander bewerten; Bewertungen müssen wahr und respektvoll sein.',
  'terms.membershipTitle': 'Mitgliedschaft für Verkäufer',
  'terms.membershipText': `Zum Verkaufen braucht es eine Mitgliedschaft: 1. Monat gratis (ohne Kreditkarte), 2. Monat CHF 2, ab dem 3. Monat CHF 5 pro Monat. Die Mitgliedschaft verlängert sich automatisch und ist jederzeit kündbar; angebrochene Monate werden nicht zurückerstattet. ${PRODUCT_NAME} verlangt keine Provision auf Verkäufe.`,
  'terms.lawTitle': 'Recht und Gerichtsstand',
  'terms.law': 'Es gilt Schweizer Recht.',
  'terms.questions': 'Fragen: {email}.',
  'privacy.lead': `Diese Erklärung zeigt, welche Personendaten ${PRODUCT_NAME} speichert, wozu, und was du dagegen tun kannst.`,
  'privacy.minimumAgeTitle': 'Mindestalter',
  'privacy.minimumAgeMore': 'Wir speichern wissentlich keine Daten von jüngeren Personen.',
  'privacy.keepTitle': 'Was wir speichern',
  'privacy.keepAccount': 'Dein Konto: E-Mail-Adresse, Name und, falls du ihn angibst, dein Wohnort.',
  'privacy.keepListings': 'Deine Inserate und ihre Fotos; sie sind öffentlich, solange ein Inserat aktiv ist.',
  'privacy.keepMessages': 'Nachrichten, die du mit anderen Mitgliedern austauschst – nur für euch beide sichtbar.',
  'privacy.keepMembership':
    'Den Status deiner Mitgliedschaft und die Zahlungsdaten (Kartenangaben bleiben beim Zahlungsanbieter).',
  'privacy.deviceTitle': 'Auf deinem Gerät',
  'privacy.deviceText': `${PRODUCT_NAME} funktioniert offline: Inserate, deine Nachrichten und Entwürfe werden in deinem Browser gespeichert, damit die App auch ohne Netz schnell startet. Abmelden und die Websitedaten löschen entfernt sie.`,
  'privacy.rightsTitle': 'Deine Rechte',
  'privacy.rightsText':
    'Du kannst deine Daten jederzeit einsehen, berichtigen oder löschen lassen. Schreib an {email}.',
}

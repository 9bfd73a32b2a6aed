// Titel und Beschreibung des Dokuments pro Route, wo keine Überschrift eines Bildschirms passt.
import type { head as en } from '../en/head'
import { PRODUCT_NAME } from '../en/product'

export const head: Record<keyof typeof en, string> = {
  'head.description':
    'Trag Geschichten, nicht Trends. Kaufe und verkaufe Secondhand-Kleider in der ganzen Schweiz – alles in einem stilvollen Kreis.',
  'head.shopDescription':
    'Stöbere in Secondhand-Kleidern aus der ganzen Schweiz: filtere nach Kategorie, Grösse, Zustand und Preis.',
  'head.sellDescription':
    'Verkaufe Kleider, die du nicht mehr trägst: Fotos und Angaben erfassen, und dein Inserat ist in wenigen Minuten online.',
  'head.subscriptionDescription': `Deine ${PRODUCT_NAME}-Mitgliedschaft: Der 1. Monat ist gratis, der 2. kostet CHF 2, danach CHF 5 pro Monat – ohne Provision auf Verkäufe.`,
  'head.signIn': 'Anmelden',
  'head.subscription': 'Deine Mitgliedschaft',
  'head.paymentSuccess': 'Zahlung erhalten',
  'head.paymentFailed': 'Zahlung nicht abgeschlossen',
  'head.item': 'Artikel',
  'head.sellPreview': 'Vorschau',
  'head.sellSuccess': 'Artikel inseriert',
}

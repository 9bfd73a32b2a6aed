// Il titolo e la descrizione del documento per ogni percorso, dove nessun titolo di schermata va bene.
import type { head as en } from '../en/head'
import { PRODUCT_NAME } from '../en/product'

export const head: Record<keyof typeof en, string> = {
  'head.description':
    'Indossa storie, non tendenze. Compra e vendi vestiti di seconda mano in tutta la Svizzera, in un unico cerchio pieno di stile.',
  'head.shopDescription':
    'Sfoglia vestiti di seconda mano da tutta la Svizzera: filtra per categoria, taglia, condizione e prezzo.',
  'head.sellDescription':
    'Vendi i vestiti che non porti più: aggiungi foto e dettagli, e il tuo annuncio è online in pochi minuti.',
  'head.subscriptionDescription': `Il tuo abbonamento ${PRODUCT_NAME}: 1° mese gratis, 2° mese CHF 2, poi CHF 5 al mese, senza commissioni sulle vendite.`,
  'head.signIn': 'Accedi',
  'head.subscription': 'Il tuo abbonamento',
  'head.paymentSuccess': 'Pagamento ricevuto',
  'head.paymentFailed': 'Pagamento non riuscito',
  'head.item': 'Articolo',
  'head.sellPreview': 'Anteprima',
  'head.sellSuccess': 'Articolo pubblicato',
}

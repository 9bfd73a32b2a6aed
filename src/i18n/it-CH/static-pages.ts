// I testi delle pagine statiche (/our-story, /join-movement, /terms, /privacy-policy).
import type { staticPages as en } from '../en/static-pages'
import { PRODUCT_NAME } from '../en/product'

export const staticPages: Record<keyof typeof en, string> = {
  'pages.lastUpdated': 'Ultimo aggiornamento: {date}',
  'ourStory.lead': `${PRODUCT_NAME} in tedesco significa «cerchio». L’abbiamo creato perché i bei vestiti meritano più di una proprietaria, e perché comprare di seconda mano in Svizzera dovrebbe essere facile come comprare nuovo.`,
  'ourStory.storiesTitle': 'Indossa storie, non tendenze',
  'ourStory.storiesText': `Ogni capo di seconda mano porta con sé una storia: il cappotto che ha passato un inverno a Berna, l’abito indossato a un matrimonio a Ginevra. ${PRODUCT_NAME} riporta questi vestiti nel cerchio, da un guardaroba all’altro.`,
  'ourStory.swissTitle': 'Svizzero, diretto ed equo',
  'ourStory.swissText': `${PRODUCT_NAME} è per chi vive in Svizzera. Chi compra e chi vende si parlano direttamente e si accordano da soli su ritiro o spedizione. Non prendiamo commissioni: chi vende tiene tutto il guadagno.`,
  'ourStory.lastingTitle': 'Moda che dura',
  'ourStory.lastingText':
    'Il capo più sostenibile è quello che esiste già. Usando i vestiti più a lungo, i nostri membri risparmiano acqua, energia e denaro – e trovano pezzi che nessun altro indossa.',
  'joinMovement.lead':
    'La moda circolare è semplice: compra ciò che esiste già, vendi ciò che non indossi più e tieni i vestiti lontani dalla spazzatura.',
  'joinMovement.stepsTitle': 'Quattro passi',
  'joinMovement.step': '{title}:',
  'joinMovement.membershipTitle': 'Abbonamento',
  'joinMovement.membershipText':
    'Sfogliare e comprare è gratis. Chi vende ha il primo mese gratis (senza carta di credito), poi paga CHF 2 per il secondo mese e CHF 5 al mese dal terzo. Disdetta possibile in ogni momento.',
  'joinMovement.startTitle': 'Inizia oggi',
  'joinMovement.startText': '{signUp} oppure {browse}.',
  'joinMovement.signUp': 'Crea il tuo account',
  'joinMovement.browse': 'sfoglia il mercato',
  'terms.lead': `Queste condizioni valgono per chiunque usi ${PRODUCT_NAME}, un mercato in cui persone in Svizzera comprano e vendono direttamente tra loro vestiti di seconda mano.`,
  'terms.whatTitle': `Cosa fa ${PRODUCT_NAME}`,
  'terms.whatText': `${PRODUCT_NAME} permette ai membri di pubblicare vestiti, trovare articoli e scriversi. ${PRODUCT_NAME} non è parte di alcuna vendita.`,
  'terms.paymentTitle': 'Pagamento e spedizione tra membri',
  'terms.paymentText':
    'Chi compra e chi vende si accordano da soli su prezzo, pagamento, ritiro o spedizione e ne sono responsabili.',
  'terms.accountsTitle': 'Account',
  'terms.accountsText': `Per usare ${PRODUCT_NAME} devi avere almeno {age} anni. Tieni riservati i tuoi dati di accesso; sei responsabile di ciò che avviene con il tuo account.`,
  'terms.listingsTitle': 'Annunci e recensioni',
  'terms.listingsText':
    'Pubblica solo vestiti che ti appartengono e descrivili con onestà, con foto dell’articolo reale. I membri possono recensirsi a vicenda; le recensioni devono essere veritiere e rispettose.',
  'terms.membershipTitle': 'Abbonamento per chi vende',
  'terms.membershipText': `Per vendere serve un abbonamento: 1° mese gratis (senza carta di credito), 2° mese CHF 2, dal 3° mese CHF 5 al mese. L’abbonamento si rinnova automaticamente e si può disdire in ogni momento; i mesi iniziati non vengono rimborsati. ${PRODUCT_NAME} non prende commissioni sulle vendite.`,
  'terms.lawTitle': 'Diritto applicabile e foro',
  'terms.law': 'Queste condizioni sono rette dal diritto svizzero.',
  'terms.questions': 'Domande: {email}.',
  'privacy.lead': `Questa informativa spiega quali dati personali conserva ${PRODUCT_NAME}, perché e cosa puoi fare al riguardo.`,
  'privacy.minimumAgeTitle': 'Età minima',
  'privacy.minimumAgeMore': 'Non conserviamo consapevolmente dati di persone più giovani.',
  'privacy.keepTitle': 'Cosa conserviamo',
  'privacy.keepAccount': 'Il tuo account: indirizzo e-mail, nome e, se la indichi, la tua località.',
  'privacy.keepListings': 'I tuoi annunci e le loro foto, pubblici finché un annuncio è attivo.',
  'privacy.keepMessages': 'I messaggi che scambi con altri membri, visibili solo a voi due.',
  'privacy.keepMembership':
    'Lo stato del tuo abbonamento e le date di pagamento (i dati della carta restano presso il fornitore di pagamento).',
  'privacy.deviceTitle': 'Sul tuo dispositivo',
  'privacy.deviceText': `${PRODUCT_NAME} funziona offline: annunci, messaggi e bozze sono salvati nel tuo browser, così l’app si apre in fretta anche senza rete. Uscire e cancellare i dati del sito li rimuove.`,
  'privacy.rightsTitle': 'I tuoi diritti',
  'privacy.rightsText': 'Puoi vedere, correggere o cancellare i tuoi dati in ogni momento. Scrivi a {email}.',
}

// The static pages' prose (/our-story, /join-movement, /terms, /privacy-policy): a catalogue part of its own, read
// through src/i18n/long-texts.ts by those pages' lazy chunks only, so the first route's JS does not carry it.
import { PRODUCT_NAME } from './product'

export const staticPages = {
  'pages.lastUpdated': 'Last updated: {date}',
  'ourStory.lead': `${PRODUCT_NAME} means circle. We started it because good clothes deserve more than one owner, and because buying second-hand in Switzerland should be as easy as buying new.`,
  'ourStory.storiesTitle': 'Wear stories, not trends',
  'ourStory.storiesText': `Every pre-loved piece carries a story: the coat that saw a winter in Bern, the dress worn to one wedding in Geneva. ${PRODUCT_NAME} brings these clothes back into the circle, from one wardrobe to the next.`,
  'ourStory.swissTitle': 'Swiss, direct and fair',
  'ourStory.swissText': `${PRODUCT_NAME} is for people in Switzerland. Buyers and sellers talk to each other directly and agree on pickup or delivery themselves. We take no commission on sales: sellers keep everything they earn.`,
  'ourStory.lastingTitle': 'Fashion that lasts',
  'ourStory.lastingText':
    'The most sustainable garment is the one that already exists. By keeping clothes in use for longer, our members save water, energy and money, and find pieces nobody else is wearing.',
  'joinMovement.lead':
    'Circular fashion is simple: buy what already exists, sell what you no longer wear, and keep clothes out of the bin.',
  'joinMovement.stepsTitle': 'Four steps',
  'joinMovement.step': '{title}:',
  'joinMovement.membershipTitle': 'Membership',
  'joinMovement.membershipText':
    'Browsing and buying are free. Sellers get their first month free (no card required), then CHF 2 for the second month and CHF 5 per month from the third. Cancel any time.',
  'joinMovement.startTitle': 'Start today',
  'joinMovement.startText': '{signUp} or {browse}.',
  'joinMovement.signUp': 'Create your account',
  'joinMovement.browse': 'browse the marketplace',
  'terms.lead': `These terms apply to everyone who uses ${PRODUCT_NAME}, a marketplace where people in Switzerland buy and sell pre-loved clothes directly from each other.`,
  'terms.whatTitle': `What ${PRODUCT_NAME} does`,
  'terms.whatText': `${PRODUCT_NAME} lets members list clothes, find items and message each other. ${PRODUCT_NAME} is not a party to any sale.`,
  'terms.paymentTitle': 'Payment and shipping between members',
  'terms.paymentText':
    'Buyers and sellers agree on price, payment, pickup or delivery themselves and are responsible for them.',
  'terms.accountsTitle': 'Accounts',
  'terms.accountsText': `You must be at least {age} years old to use ${PRODUCT_NAME}. Keep your login details private; you are responsible for what happens under your account.`,
  'terms.listingsTitle': 'Listings and reviews',
  'terms.listingsText':
    'List only clothes you own and describe them honestly, with photos of the actual item. Members can leave reviews about each other; reviews must be truthful and respectful.',
  'terms.membershipTitle': 'Seller membership',
  'terms.membershipText': `Selling requires a membership: month 1 free (no card required), month 2 CHF 2, and from month 3 CHF 5 per month. The membership renews automatically and can be cancelled at any time; partial months are not refunded. ${PRODUCT_NAME} charges no commission on sales.`,
  'terms.lawTitle': 'Law and courts',
  'terms.law': 'These terms are governed by Swiss law.',
  'terms.questions': 'Questions: {email}.',
  'privacy.lead': `This policy explains what personal data ${PRODUCT_NAME} keeps, why, and what you can do about it.`,
  'privacy.minimumAgeTitle': 'Minimum age',
  'privacy.minimumAgeMore': 'We do not knowingly keep data about anyone younger.',
  'privacy.keepTitle': 'What we keep',
  'privacy.keepAccount': 'Your account: e-mail address, name and, if you add it, your city.',
  'privacy.keepListings': 'Your listings and their photos, which are public while a listing is active.',
  'privacy.keepMessages': 'Messages you exchange with other members, visible only to the two of you.',
  'privacy.keepMembership': 'Your membership status and payment dates (card details stay with the payment provider).',
  'privacy.deviceTitle': 'On your device',
  'privacy.deviceText': `${PRODUCT_NAME} works offline: listings, your messages and drafts are stored in your browser so the app opens quickly without a network. Signing out and clearing the site data removes them.`,
  'privacy.rightsTitle': 'Your rights',
  'privacy.rightsText': 'You can see, correct or delete your data at any time. Write to {email}.',
} as const

// The document's title and meta description per route (src/app/layout/page-head.ts), where no screen heading serves.
import { PRODUCT_NAME } from './product'

export const head = {
  'head.description':
    'Wear stories, not trends. Buy & sell pre-loved clothes in Switzerland, all in one stylish circle.',
  'head.shopDescription':
    'Browse pre-loved clothes from people all over Switzerland: filter by category, size, condition and price.',
  'head.sellDescription':
    'Sell the clothes you no longer wear: add photos and details, and your listing is live in minutes.',
  'head.subscriptionDescription': `Your ${PRODUCT_NAME} plan: month 1 free, month 2 CHF 2, then CHF 5 per month, with no commission on sales.`,
  'head.signIn': 'Sign in',
  'head.subscription': 'Your plan',
  'head.paymentSuccess': 'Payment received',
  'head.paymentFailed': 'Payment not completed',
  'head.item': 'Item',
  'head.sellPreview': 'Preview',
  'head.sellSuccess': 'Item listed',
}

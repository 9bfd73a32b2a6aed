/**
 * Every route of docs/product.md §2.1 in one place: screens and links build paths here instead of writing string literals,
 * so a route moves in one edit. Query-string details (the shop's filters) belong to the feature that reads them.
 */
export type AuthMode = 'signin' | 'signup' | 'reset'

export const paths = {
  home: '/',
  shop: '/shop',
  auth: (mode?: AuthMode): string => (mode ? `/auth?mode=${mode}` : '/auth'),
  resetPassword: '/auth/reset-password',
  messages: '/messages',
  conversation: (conversationId: string): string => `/messages?c=${encodeURIComponent(conversationId)}`,
  favorites: '/favorites',
  profile: '/profile',
  sell: '/sell',
  sellUpload: '/sell/upload',
  sellDetails: '/sell/details',
  sellPreview: '/sell/preview',
  sellSuccess: (listingId: string): string => `/sell/success/${encodeURIComponent(listingId)}`,
  sellEdit: (listingId: string): string => `/sell/edit/${encodeURIComponent(listingId)}`,
  item: (id: string): string => `/item/${encodeURIComponent(id)}`,
  /** The item's page with its Message Seller dialog opened (a feed card's Message action). */
  itemMessage: (id: string): string => `/item/${encodeURIComponent(id)}?message=1`,
  subscription: '/subscription',
  subscriptionSuccess: '/subscription-success',
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  ourStory: '/our-story',
  joinMovement: '/join-movement',
  contact: '/contact',
  terms: '/terms',
  privacyPolicy: '/privacy-policy',
} as const

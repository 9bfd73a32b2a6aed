/**
 * The route table of docs/product.md §2.1. Screens load lazily (one chunk each) so the first route stays small; the landing
 * page and 404 are in the first chunk because they are what a cold visit shows.
 */
import { Suspense } from 'react'
import { lazyRetrying } from '@/ui/lazy-retrying'
import { useRoutes, type RouteObject } from 'react-router-dom'
import { FavoritesFallback } from '@/features/favorites/favorites-fallback'
import { LandingPage } from '@/features/landing/landing-page'
import { ShopFallback } from '@/features/shop/shop-fallback'
import { ItemSkeleton } from '@/features/item/item-skeleton'
import { deferredScreen } from './deferred-screen'
import { AppLayout } from './layout/app-layout'
import { NotFound } from './not-found'
import { useShellLive, useShellSession } from './live/shell-state'

const MessagesPage = lazyRetrying(() =>
  import('@/features/messages/messages-page').then((m) => ({ default: m.MessagesPage })),
)
// The shop and favourites hold their page's space while their chunk loads (their own fallback: no footer jump). The
// shop and the item page are also prerendered into index.html as that fallback (./deferred-screen.tsx).
const ShopPage = deferredScreen(() => import('@/features/shop/shop-page').then((m) => m.ShopPage))
const FavoritesPage = lazyRetrying(() =>
  import('@/features/favorites/favorites-page').then((m) => ({ default: m.FavoritesPage })),
)
const AuthPage = lazyRetrying(() => import('@/features/auth/auth-page').then((m) => ({ default: m.AuthPage })))
const ResetPasswordPage = lazyRetrying(() =>
  import('@/features/auth/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
)
const SubscriptionPage = lazyRetrying(() =>
  import('@/features/subscription/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
)
const SubscriptionSuccessPage = lazyRetrying(() =>
  import('@/features/payment/subscription-success-page').then((m) => ({ default: m.SubscriptionSuccessPage })),
)
const PaymentSuccessPage = lazyRetrying(() =>
  import('@/features/payment/payment-success-page').then((m) => ({ default: m.PaymentSuccessPage })),
)
const PaymentFailedPage = lazyRetrying(() =>
  import('@/features/payment/payment-failed-page').then((m) => ({ default: m.PaymentFailedPage })),
)
const ProfilePage = lazyRetrying(() =>
  import('@/features/profile/profile-page').then((m) => ({ default: m.ProfilePage })),
)
const OurStoryPage = lazyRetrying(() =>
  import('@/features/static/our-story-page').then((m) => ({ default: m.OurStoryPage })),
)
const JoinMovementPage = lazyRetrying(() =>
  import('@/features/static/join-movement-page').then((m) => ({ default: m.JoinMovementPage })),
)
const ContactPage = lazyRetrying(() =>
  import('@/features/static/contact-page').then((m) => ({ default: m.ContactPage })),
)
const TermsPage = lazyRetrying(() => import('@/features/static/terms-page').then((m) => ({ default: m.TermsPage })))
const PrivacyPolicyPage = lazyRetrying(() =>
  import('@/features/static/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
)
const SellIndexPage = lazyRetrying(() =>
  import('@/features/sell/sell-index-page').then((m) => ({ default: m.SellIndexPage })),
)
const SellUploadPage = lazyRetrying(() =>
  import('@/features/sell/upload-page').then((m) => ({ default: m.UploadPage })),
)
const SellDetailsPage = lazyRetrying(() =>
  import('@/features/sell/details-page').then((m) => ({ default: m.DetailsPage })),
)
const SellPreviewPage = lazyRetrying(() =>
  import('@/features/sell/preview-page').then((m) => ({ default: m.PreviewPage })),
)
const SellSuccessPage = lazyRetrying(() =>
  import('@/features/sell/success-page').then((m) => ({ default: m.SuccessPage })),
)
const SellEditPage = lazyRetrying(() => import('@/features/sell/edit-page').then((m) => ({ default: m.EditPage })))
const ItemPage = deferredScreen(() => import('@/features/item/item-page').then((m) => m.ItemPage))
// A shared item link: fetch the page's chunk with the shell, not after the first render (LCP).
if (typeof location !== 'undefined' && location.pathname.startsWith('/item/')) void ItemPage.preload()

function Home() {
  const session = useShellSession()
  // The cards' chunk reads the database: it loads with the data layer, not before it (app/provider.tsx).
  const dataReady = useShellLive((s) => s.live)
  return <LandingPage signedIn={session.status === 'signed-in'} cardsReady={dataReady} />
}

const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <Home /> },
      {
        path: '/shop',
        element: <ShopPage fallback={<ShopFallback />} />,
      },
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/reset-password', element: <ResetPasswordPage /> },
      { path: '/messages', element: <MessagesPage /> },
      {
        path: '/favorites',
        element: (
          <Suspense fallback={<FavoritesFallback />}>
            <FavoritesPage />
          </Suspense>
        ),
      },
      { path: '/profile', element: <ProfilePage /> },
      // features/sell (the sell flow; /sell resets the form and redirects to /sell/upload)
      { path: '/sell', element: <SellIndexPage /> },
      { path: '/sell/upload', element: <SellUploadPage /> },
      { path: '/sell/details', element: <SellDetailsPage /> },
      { path: '/sell/preview', element: <SellPreviewPage /> },
      { path: '/sell/success/:listingId', element: <SellSuccessPage /> },
      { path: '/sell/edit/:listingId', element: <SellEditPage /> },
      {
        path: '/item/:id',
        element: <ItemPage fallback={<ItemSkeleton />} />,
      },
      { path: '/subscription', element: <SubscriptionPage /> },
      { path: '/subscription-success', element: <SubscriptionSuccessPage /> },
      { path: '/payment-success', element: <PaymentSuccessPage /> },
      { path: '/payment-failed', element: <PaymentFailedPage /> },
      { path: '/our-story', element: <OurStoryPage /> },
      { path: '/join-movement', element: <JoinMovementPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]

export function AppRoutes() {
  return useRoutes(routes)
}

// Every route of docs/product/spec.md §2 in one table, each screen loaded on demand ('Carregando...'); an unknown path
// renders the not-found screen. Signed-in screens sit under RequireAuth (signed out → /auth?next=<path>).
// First: zod's settings for the browser, before any schema is built (see the file).
import '../lib/zod-jitless';
import { isValidElement, lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/require-auth';
import { AdminsToBackOffice } from '../features/auth/staff-redirect';
import { LegacyRedirect } from '../features/system/legacy-redirect';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './error-screen';
import { DEV_ROUTE_PATHS, ROUTE_PATHS as P } from './route-paths';

/**
 * A screen loaded on demand (React.lazy) that can also be loaded ahead: `preload()` fetches its chunk, after which it
 * renders at once instead of suspending. The browser preloads the screen of a server-rendered page before hydrating it
 * (web/main.tsx): a screen still loading when the layout's first effects run would be drawn again on the client.
 */
function lazyPage<C extends ComponentType<any>>(load: () => Promise<{ default: C }>) {
  let loaded: C | null = null;
  const remember = (m: { default: C }) => {
    loaded = m.default;
    return m;
  };
  const Lazy = lazy(() => load().then(remember));
  function Page(props: ComponentProps<C>) {
    const Screen = (loaded ?? Lazy) as ComponentType<ComponentProps<C>>;
    return <Screen {...props} />;
  }
  return Object.assign(Page, { preload: () => load().then(remember).then(() => undefined) });
}

const LandingPage = lazyPage(() => import('../features/landing/landing-page'));
const AboutPage = lazyPage(() => import('../features/info-pages/about-page'));
const ContactPage = lazyPage(() => import('../features/info-pages/contact-page'));
const TermsPage = lazyPage(() => import('../features/info-pages/terms-page'));
const PrivacyPage = lazyPage(() => import('../features/info-pages/privacy-page'));
const NotFoundPage = lazyPage(() => import('../features/system/not-found-page'));
const RenderErrorProbe = lazyPage(() => import('../features/system/render-error-probe'));
const AdminLinkPage = lazyPage(() => import('../features/system/admin-link-page'));
const AuthPage = lazyPage(() => import('../features/auth/auth-page'));
const CallbackPage = lazyPage(() => import('../features/auth/callback-page'));
const ProfilePage = lazyPage(() => import('../features/auth/profile-page'));
const DashboardPage = lazyPage(() => import('../features/dashboard/dashboard-page'));
const JoinPage = lazyPage(() => import('../features/groups/join-page'));
const MyGroupsPage = lazyPage(() => import('../features/groups/my-groups-page'));
const PlanDeliveryPage = lazyPage(() => import('../features/groups/plan-delivery-page'));
const CheckoutParticipantsPage = lazyPage(() => import('../features/checkout/participants-page'));
const CheckoutPlanPage = lazyPage(() => import('../features/checkout/plan-page'));
const CheckoutAddressPage = lazyPage(() => import('../features/checkout/address-page'));
const CheckoutPaymentPage = lazyPage(() => import('../features/checkout/payment-step-page'));
const PaymentPage = lazyPage(() => import('../features/payments/payment-page'));
const PaymentHistoryPage = lazyPage(() => import('../features/payments/history-page'));
const NotificationsPage = lazyPage(() => import('../features/notifications/notifications-page'));
const ProductsPage = lazyPage(() => import('../features/marketplace/products-page'));
const ProductPage = lazyPage(() => import('../features/marketplace/product-page'));
const ServicesPage = lazyPage(() => import('../features/marketplace/services-page'));
// The services page composes the professionals search (features never import each other: the route does it).
const NearbyProfessionals = lazyPage(() => import('../features/professionals-search/nearby-section'));
const PublicProfessionalPage = lazyPage(() => import('../features/professionals-search/public-profile-page'));
const CartPage = lazyPage(() => import('../features/marketplace/cart-page'));
const MarketCheckoutAddressPage = lazyPage(() => import('../features/marketplace/checkout-address-page'));
const MarketCheckoutPaymentPage = lazyPage(() => import('../features/marketplace/checkout-payment-page'));
const OrdersPage = lazyPage(() => import('../features/marketplace/orders-page'));
const OrderPage = lazyPage(() => import('../features/marketplace/order-page'));
const ProfessionalDashboardPage = lazyPage(() => import('../features/professional-dashboard/dashboard-page'));
const InfluencerDashboardPage = lazyPage(() => import('../features/influencer-dashboard/dashboard-page'));
const ProfessionalReceivablesPage = lazyPage(() => import('../features/professional-dashboard/receivables-page'));
const ProfessionalSignupPage = lazyPage(() => import('../features/professional-onboarding/signup-page'));
const ProfessionalPendingPage = lazyPage(() => import('../features/professional-onboarding/pending-page'));
const ProfessionalPhotosPage = lazyPage(() => import('../features/professional-onboarding/photos-page'));
const ReferralRedirectPage = lazyPage(() => import('../features/referral-redirect/redirect-page'));
const InfluencerSignupPage = lazyPage(() => import('../features/influencer-signup/signup-page'));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <LandingPage /> },

      // Referral entry points (influencer origin) and group invites (user origin).
      { path: P.referralR, element: <ReferralRedirectPage /> },
      { path: P.referralRef, element: <ReferralRedirectPage /> },
      { path: P.referralIndicacao, element: <ReferralRedirectPage /> },
      { path: P.join, element: <JoinPage /> },

      // Auth.
      { path: P.auth, element: <AuthPage /> },
      { path: P.authCallback, element: <CallbackPage /> },

      // Information pages.
      { path: P.about, element: <AboutPage /> },
      { path: P.contact, element: <ContactPage /> },
      { path: P.terms, element: <TermsPage /> },
      { path: P.privacy, element: <PrivacyPage /> },

      // Marketplace catalogue and cart (checkout and orders are signed-in only, below).
      // The nearby section keeps its place while its code loads (styles.css .nearby-slot), so the plans below stay put.
      {
        path: P.services,
        element: (
          <ServicesPage
            nearby={
              <Suspense fallback={<div className="nearby-slot" aria-hidden="true" />}>
                <NearbyProfessionals />
              </Suspense>
            }
          />
        ),
      },
      // A professional's public profile (an unknown or unapproved one shows the not-found screen).
      { path: P.professional, element: <PublicProfessionalPage notFound={<NotFoundPage />} /> },
      { path: P.legacyProfessional, element: <LegacyRedirect to="/profissionais/:id" /> },
      { path: P.legacyProfessionals, element: <LegacyRedirect to="/marketplace/services" /> },
      { path: P.products, element: <ProductsPage /> },
      { path: P.product, element: <ProductPage /> },
      { path: P.cart, element: <CartPage /> },

      // Signed-in only.
      {
        element: <RequireAuth />,
        children: [
          // Dashboards.
          // An admin meets the back office, not the customer's payment gate.
          { path: P.dashboard, element: <AdminsToBackOffice><DashboardPage /></AdminsToBackOffice> },
          { path: P.dashboardUser, element: <AdminsToBackOffice><DashboardPage /></AdminsToBackOffice> },
          { path: P.dashboardProfessional, element: <ProfessionalDashboardPage /> },
          { path: P.dashboardInfluencer, element: <InfluencerDashboardPage /> },

          { path: P.orders, element: <OrdersPage /> },
          { path: P.order, element: <OrderPage /> },
          // The cart's checkout: address (creates the order), then payment (?order=&payment=).
          { path: P.marketCheckout, element: <MarketCheckoutAddressPage /> },
          { path: P.marketCheckoutPayment, element: <MarketCheckoutPaymentPage /> },

          // Checkout (four steps; /checkout/plan receives { plan } in navigation state).
          { path: P.checkoutParticipants, element: <CheckoutParticipantsPage /> },
          { path: P.checkoutPlan, element: <CheckoutPlanPage /> },
          { path: P.checkoutAddress, element: <CheckoutAddressPage /> },
          { path: P.checkoutPayment, element: <CheckoutPaymentPage /> },

          { path: P.myGroups, element: <MyGroupsPage /> },
          { path: P.planDelivery, element: <PlanDeliveryPage /> },
          { path: P.payment, element: <PaymentPage /> },
          { path: P.paymentHistory, element: <PaymentHistoryPage /> },
          { path: P.notifications, element: <NotificationsPage /> },
          { path: P.profile, element: <ProfilePage /> },
          { path: P.professionalReceivables, element: <ProfessionalReceivablesPage /> },
          { path: P.professionalPhotos, element: <ProfessionalPhotosPage /> },
        ],
      },

      // Partner sign-ups.
      { path: P.professionalSignup, element: <ProfessionalSignupPage /> },
      { path: P.influencerSignup, element: <InfluencerSignupPage /> },
      { path: P.professionalPending, element: <ProfessionalPendingPage /> },

      // The server sends /admin/* to the back-office app; only the Vite dev server lands here.
      { path: P.admin, element: <AdminLinkPage /> },

      // Development and test servers only (the probe asks the server first; production shows the not-found screen).
      { path: DEV_ROUTE_PATHS.renderError, element: <RenderErrorProbe notFound={<NotFoundPage />} /> },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** The screens an element renders that can be loaded ahead (lazyPage): the element's own type and, a level or two
 * down, those it is given as props or children (the services page's nearby section, a screen wrapped by a guard). */
function preloadsOf(node: unknown, depth = 0, into: (() => Promise<void>)[] = []): (() => Promise<void>)[] {
  if (depth > 3 || !isValidElement(node)) return into;
  const preload = (node.type as { preload?: () => Promise<void> }).preload;
  if (preload) into.push(preload);
  for (const value of Object.values(node.props as Record<string, unknown>)) {
    for (const child of Array.isArray(value) ? value : [value]) preloadsOf(child, depth + 1, into);
  }
  return into;
}

/** Loads the screens of the route that `pathname` matches (see lazyPage), so a server-rendered page hydrates in one
 * pass: a part whose code is still loading stays unhydrated after the rest, and dead to a tap until it arrives. */
export async function preloadRoute(pathname: string): Promise<void> {
  const preloads = (matchRoutes(routes, pathname) ?? []).flatMap((m) => preloadsOf(m.route.element));
  await Promise.all(preloads.map((preload) => preload()));
}

// Every route of SPEC §2 in one table. Screens load on demand (React.lazy; the layout's Suspense
// shows 'Carregando...'). Every route is a built screen; an unknown path renders the not-found screen (404 from the server).
// Signed-in screens sit under RequireAuth: signed out → /auth?next=<path>, and back after login.
// First: zod's settings for the browser, before any schema is built (see the file).
import '../lib/zod-jitless';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router-dom';
import { RequireAuth } from '../features/auth/require-auth';
import { AdminsToBackOffice } from '../features/auth/staff-redirect';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './error-screen';
import { DEV_ROUTE_PATHS, ROUTE_PATHS as P } from './route-paths';

const LandingPage = lazy(() => import('../features/landing/landing-page'));
const AboutPage = lazy(() => import('../features/info-pages/about-page'));
const ContactPage = lazy(() => import('../features/info-pages/contact-page'));
const TermsPage = lazy(() => import('../features/info-pages/terms-page'));
const PrivacyPage = lazy(() => import('../features/info-pages/privacy-page'));
const NotFoundPage = lazy(() => import('../features/system/not-found-page'));
const RenderErrorProbe = lazy(() => import('../features/system/render-error-probe'));
const AdminLinkPage = lazy(() => import('../features/system/admin-link-page'));
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const CallbackPage = lazy(() => import('../features/auth/callback-page'));
const ProfilePage = lazy(() => import('../features/auth/profile-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const JoinPage = lazy(() => import('../features/groups/join-page'));
const MyGroupsPage = lazy(() => import('../features/groups/my-groups-page'));
const PlanDeliveryPage = lazy(() => import('../features/groups/plan-delivery-page'));
const CheckoutParticipantsPage = lazy(() => import('../features/checkout/participants-page'));
const CheckoutPlanPage = lazy(() => import('../features/checkout/plan-page'));
const CheckoutAddressPage = lazy(() => import('../features/checkout/address-page'));
const CheckoutPaymentPage = lazy(() => import('../features/checkout/payment-step-page'));
const PaymentPage = lazy(() => import('../features/payments/payment-page'));
const PaymentHistoryPage = lazy(() => import('../features/payments/history-page'));
const NotificationsPage = lazy(() => import('../features/notifications/notifications-page'));
const ProductsPage = lazy(() => import('../features/marketplace/products-page'));
const ProductPage = lazy(() => import('../features/marketplace/product-page'));
const ServicesPage = lazy(() => import('../features/marketplace/services-page'));
// The services page composes the professionals search (features never import each other: the route does it).
const NearbyProfessionals = lazy(() => import('../features/professionals-search/nearby-section'));
const PublicProfessionalPage = lazy(() => import('../features/professionals-search/public-profile-page'));
const CartPage = lazy(() => import('../features/marketplace/cart-page'));
const MarketCheckoutAddressPage = lazy(() => import('../features/marketplace/checkout-address-page'));
const MarketCheckoutPaymentPage = lazy(() => import('../features/marketplace/checkout-payment-page'));
const OrdersPage = lazy(() => import('../features/marketplace/orders-page'));
const OrderPage = lazy(() => import('../features/marketplace/order-page'));
const ProfessionalDashboardPage = lazy(() => import('../features/professional-dashboard/dashboard-page'));
const InfluencerDashboardPage = lazy(() => import('../features/influencer-dashboard/dashboard-page'));
const ProfessionalReceivablesPage = lazy(() => import('../features/professional-dashboard/receivables-page'));
const ProfessionalSignupPage = lazy(() => import('../features/professional-onboarding/signup-page'));
const ProfessionalPendingPage = lazy(() => import('../features/professional-onboarding/pending-page'));
const ReferralRedirectPage = lazy(() => import('../features/referral-redirect/redirect-page'));
const InfluencerSignupPage = lazy(() => import('../features/influencer-signup/signup-page'));

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

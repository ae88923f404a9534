// Every route of SPEC §2 in one table. Screens load on demand (React.lazy; the layout's Suspense
// shows 'Carregando...'). Screens not built yet render the shared Placeholder: replace them one by one.
// Signed-in screens sit under RequireAuth: signed out → /auth?next=<path>, and back after login.
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { ScreenKey } from '../components/placeholder';
import { RequireAuth } from '../features/auth/require-auth';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './error-screen';

const LandingPage = lazy(() => import('../features/landing/landing-page'));
const AboutPage = lazy(() => import('../features/info-pages/about-page'));
const ContactPage = lazy(() => import('../features/info-pages/contact-page'));
const TermsPage = lazy(() => import('../features/info-pages/terms-page'));
const PrivacyPage = lazy(() => import('../features/info-pages/privacy-page'));
const NotFoundPage = lazy(() => import('../features/system/not-found-page'));
const AdminLinkPage = lazy(() => import('../features/system/admin-link-page'));
const Placeholder = lazy(() => import('../components/placeholder'));
const AuthPage = lazy(() => import('../features/auth/auth-page'));
const CallbackPage = lazy(() => import('../features/auth/callback-page'));
const ProfilePage = lazy(() => import('../features/auth/profile-page'));
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page'));
const JoinPage = lazy(() => import('../features/groups/join-page'));
const MyGroupsPage = lazy(() => import('../features/groups/my-groups-page'));
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
const ProfessionalReceivablesPage = lazy(() => import('../features/professional-dashboard/receivables-page'));
const ProfessionalSignupPage = lazy(() => import('../features/professional-onboarding/signup-page'));
const ProfessionalPendingPage = lazy(() => import('../features/professional-onboarding/pending-page'));

const placeholder = (screen: ScreenKey) => <Placeholder screen={screen} />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      { index: true, element: <LandingPage /> },

      // Referral entry points (influencer origin) and group invites (user origin).
      { path: 'r/:code', element: placeholder('referral') },
      { path: 'ref/:code', element: placeholder('referral') },
      { path: 'indicacao/:code', element: placeholder('referral') },
      { path: 'join/:group_id/:referral_code', element: <JoinPage /> },

      // Auth.
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth/callback', element: <CallbackPage /> },

      // Information pages.
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },

      // Marketplace catalogue and cart (checkout and orders are signed-in only, below).
      { path: 'marketplace/services', element: <ServicesPage nearby={<NearbyProfessionals />} /> },
      // A professional's public profile (an unknown or unapproved one shows the not-found screen).
      { path: 'profissionais/:id', element: <PublicProfessionalPage notFound={<NotFoundPage />} /> },
      { path: 'marketplace/products', element: <ProductsPage /> },
      { path: 'marketplace/products/:id', element: <ProductPage /> },
      { path: 'marketplace/cart', element: <CartPage /> },

      // Signed-in only.
      {
        element: <RequireAuth />,
        children: [
          // Dashboards.
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'dashboard/user', element: <DashboardPage /> },
          { path: 'dashboard/professional', element: <ProfessionalDashboardPage /> },
          { path: 'dashboard/influencer', element: placeholder('dashboardInfluencer') },

          { path: 'marketplace/orders', element: <OrdersPage /> },
          { path: 'marketplace/orders/:orderId', element: <OrderPage /> },
          // The cart's checkout: address (creates the order), then payment (?order=&payment=).
          { path: 'marketplace/checkout', element: <MarketCheckoutAddressPage /> },
          { path: 'marketplace/checkout/payment', element: <MarketCheckoutPaymentPage /> },

          // Checkout (four steps; /checkout/plan receives { plan } in navigation state).
          { path: 'checkout/participants', element: <CheckoutParticipantsPage /> },
          { path: 'checkout/plan', element: <CheckoutPlanPage /> },
          { path: 'checkout/address', element: <CheckoutAddressPage /> },
          { path: 'checkout/payment', element: <CheckoutPaymentPage /> },

          { path: 'my-groups', element: <MyGroupsPage /> },
          { path: 'payment', element: <PaymentPage /> },
          { path: 'payment-history', element: <PaymentHistoryPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'professional/receivables', element: <ProfessionalReceivablesPage /> },
        ],
      },

      // Partner sign-ups.
      { path: 'professional-signup', element: <ProfessionalSignupPage /> },
      { path: 'influencer-signup', element: placeholder('influencerSignup') },
      { path: 'professional-pending', element: <ProfessionalPendingPage /> },

      // The server sends /admin/* to the back-office app; only the Vite dev server lands here.
      { path: 'admin/*', element: <AdminLinkPage /> },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

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
const DashboardPlaceholder = lazy(() => import('../features/auth/dashboard-placeholder'));

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
      { path: 'join/:group_id/:referral_code', element: placeholder('join') },

      // Auth.
      { path: 'auth', element: <AuthPage /> },
      { path: 'auth/callback', element: <CallbackPage /> },

      // Information pages.
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },

      // Marketplace catalogue (orders are signed-in only, below).
      { path: 'marketplace/services', element: placeholder('marketplaceServices') },
      { path: 'marketplace/products', element: placeholder('marketplaceProducts') },
      { path: 'marketplace/products/:id', element: placeholder('marketplaceProduct') },

      // Signed-in only.
      {
        element: <RequireAuth />,
        children: [
          // Dashboards.
          { path: 'dashboard', element: <DashboardPlaceholder /> },
          { path: 'dashboard/user', element: <DashboardPlaceholder /> },
          { path: 'dashboard/professional', element: placeholder('dashboardProfessional') },
          { path: 'dashboard/influencer', element: placeholder('dashboardInfluencer') },

          { path: 'marketplace/orders', element: placeholder('marketplaceOrders') },
          { path: 'marketplace/orders/:orderId', element: placeholder('marketplaceOrder') },

          // Checkout (four steps; /checkout/plan receives { plan } in navigation state).
          { path: 'checkout/participants', element: placeholder('checkoutParticipants') },
          { path: 'checkout/plan', element: placeholder('checkoutPlan') },
          { path: 'checkout/address', element: placeholder('checkoutAddress') },
          { path: 'checkout/payment', element: placeholder('checkoutPayment') },

          { path: 'my-groups', element: placeholder('myGroups') },
          { path: 'payment', element: placeholder('payment') },
          { path: 'payment-history', element: placeholder('paymentHistory') },
          { path: 'notifications', element: placeholder('notifications') },
          { path: 'profile', element: <ProfilePage /> },
          { path: 'professional/receivables', element: placeholder('professionalReceivables') },
        ],
      },

      // Partner sign-ups.
      { path: 'professional-signup', element: placeholder('professionalSignup') },
      { path: 'influencer-signup', element: placeholder('influencerSignup') },
      { path: 'professional-pending', element: placeholder('professionalPending') },

      // The server sends /admin/* to the back-office app; only the Vite dev server lands here.
      { path: 'admin/*', element: <AdminLinkPage /> },

      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

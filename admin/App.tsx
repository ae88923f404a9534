// The back office: react-admin under /admin, with the server's session cookie and our pt-BR.
import { lazy, Suspense, type ComponentType } from 'react';
import { Admin, CustomRoutes, Loading, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { AdminLayout } from './components/layout';
import { LoginPage } from './pages/login';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { i18nProvider } from './providers/i18nProvider';
import { auditLogs } from './resources/audit-logs';
import { campaigns } from './resources/campaigns';
import { plans } from './resources/plans';
import { products } from './resources/products';
import { planCategories, productCategories } from './resources/categories';
import { professionals } from './resources/professionals';
import { influencers } from './resources/influencers';
import { marketplaceOrders } from './resources/marketplace-orders';
import { groups } from './resources/groups';
import { reviews } from './resources/reviews';
import { triggers } from './resources/triggers';
import { users } from './resources/users';
import { legalDocuments } from './resources/legal-documents';
import { darkTheme, lightTheme } from './theme';
import { queryClient, store } from './lib/first-screen';

export { fillFirstScreen } from './lib/first-screen';

/** A page fetched when it is opened: the report and chart pages stay out of the bundle every list waits for. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType<object>>>, name: K): () => React.JSX.Element {
  const Page = lazy(async (): Promise<{ default: ComponentType<object> }> => ({ default: (await load())[name] }));
  const Lazy = () => (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
  return Lazy;
}

const Dashboard = lazyPage(() => import('./pages/dashboard'), 'Dashboard');
const AnalyticsPage = lazyPage(() => import('./pages/analytics'), 'AnalyticsPage');
const FinancialReportsPage = lazyPage(() => import('./pages/financial-reports'), 'FinancialReportsPage');
const FiscalPage = lazyPage(() => import('./pages/fiscal'), 'FiscalPage');
const MarketplacePage = lazyPage(() => import('./pages/marketplace'), 'MarketplacePage');

/**
 * BrowserRouter (not react-admin's default HashRouter) so the URLs are docs/product/spec.md §2's own
 * (/admin/plans, /admin/audit-logs, /admin/dashboard); the server serves index.html for every /admin/* path.
 */
export const App = () => (
  <BrowserRouter basename="/admin">
    <Admin
      queryClient={queryClient}
      store={store}
      title="turma.app_title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      dashboard={Dashboard}
      loginPage={LoginPage}
      layout={AdminLayout}
      theme={lightTheme}
      lightTheme={lightTheme}
      darkTheme={darkTheme}
      defaultTheme="dark"
      requireAuth
      // Telemetry loads an image from marmelab.com, which our CSP (img-src 'self') blocks.
      disableTelemetry
    >
      <Resource name="plans" {...plans} />
      <Resource name="professionals" {...professionals} />
      <Resource name="influencers" {...influencers} />
      <Resource name="reviews" {...reviews} />
      <Resource name="campaigns" {...campaigns} />
      {/* /admin/marketplace/orders and /admin/marketplace/orders/:orderId (the detail is the `edit` route). */}
      <Resource name="marketplace/orders" {...marketplaceOrders} />
      {/* /admin/marketplace/products and /admin/marketplace/categories (API: products, product-categories). */}
      <Resource name="marketplace/products" {...products} />
      <Resource name="marketplace/categories" {...productCategories} />
      <Resource name="plan-categories" {...planCategories} />
      <Resource name="groups" {...groups} />
      <Resource name="users" {...users} />
      <Resource name="triggers" {...triggers} />
      <Resource name="audit-logs" {...auditLogs} />
      <Resource name="legal-documents" {...legalDocuments} />
      <CustomRoutes>
        <Route path="/dashboard" element={<Navigate to="/" replace />} />
        <Route path="/analytics" element={<AnalyticsPage />} />
        <Route path="/financial-reports" element={<FinancialReportsPage />} />
        <Route path="/fiscal" element={<FiscalPage />} />
        <Route path="/marketplace" element={<MarketplacePage />} />
      </CustomRoutes>
    </Admin>
  </BrowserRouter>
);

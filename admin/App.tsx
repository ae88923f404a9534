// The back office: react-admin under /admin, with the server's session cookie and our pt-BR.
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Navigate, Route } from 'react-router-dom';
import { AdminLayout } from './components/layout';
import { AnalyticsPage } from './pages/analytics';
import { Dashboard } from './pages/dashboard';
import { FinancialReportsPage } from './pages/financial-reports';
import { FiscalPage } from './pages/fiscal';
import { MarketplacePage } from './pages/marketplace';
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
import { darkTheme, lightTheme } from './theme';

/**
 * BrowserRouter (not react-admin's default HashRouter) so the URLs are docs/product/spec.md §2's own
 * (/admin/plans, /admin/audit-logs, /admin/dashboard); the server serves index.html for every /admin/* path.
 */
export const App = () => (
  <BrowserRouter basename="/admin">
    <Admin
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

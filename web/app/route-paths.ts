// The web app's route table as data: one list of path patterns (react-router syntax, no leading slash),
// read by web/app/routes.tsx (which screen each one renders) and by the server (adapters/http/static.ts:
// a path no pattern matches is answered 404 with the not-found screen). No React here: the server imports it.

export const ROUTE_PATHS = {
  home: '',
  referralR: 'r/:code',
  referralRef: 'ref/:code',
  referralIndicacao: 'indicacao/:code',
  join: 'join/:group_id/:referral_code',
  auth: 'auth',
  authCallback: 'auth/callback',
  about: 'about',
  contact: 'contact',
  terms: 'terms',
  privacy: 'privacy',
  services: 'marketplace/services',
  professional: 'profissionais/:id',
  products: 'marketplace/products',
  product: 'marketplace/products/:id',
  cart: 'marketplace/cart',
  dashboard: 'dashboard',
  dashboardUser: 'dashboard/user',
  dashboardProfessional: 'dashboard/professional',
  dashboardInfluencer: 'dashboard/influencer',
  orders: 'marketplace/orders',
  order: 'marketplace/orders/:orderId',
  marketCheckout: 'marketplace/checkout',
  marketCheckoutPayment: 'marketplace/checkout/payment',
  checkoutParticipants: 'checkout/participants',
  checkoutPlan: 'checkout/plan',
  checkoutAddress: 'checkout/address',
  checkoutPayment: 'checkout/payment',
  myGroups: 'my-groups',
  /** A paid product plan's delivery address, confirmed to make its order. */
  planDelivery: 'my-groups/vouchers/:voucherId/delivery',
  payment: 'payment',
  paymentHistory: 'payment-history',
  notifications: 'notifications',
  profile: 'profile',
  professionalReceivables: 'professional/receivables',
  professionalPhotos: 'professional/photos',
  professionalSignup: 'professional-signup',
  influencerSignup: 'influencer-signup',
  professionalPending: 'professional-pending',
  admin: 'admin/*',
  /** Old addresses of the public pages, redirected (docs/product/screens.md: public pages in Portuguese). */
  legacyProfessional: 'professional/:id',
  legacyProfessionals: 'profissionais',
} as const;

/**
 * Screens of development and test builds of the server only: the app shows them when the server's dev API answers
 * (absent in production, where these paths are the not-found screen, status 404).
 */
export const DEV_ROUTE_PATHS = {
  /** Throws while rendering: shows the 'Ocorreu um erro' screen (a browser test looks at it). */
  renderError: 'dev/render-error',
} as const;

export type RouteName = keyof typeof ROUTE_PATHS;

/** Whether a pattern ('marketplace/products/:id', 'admin/*') matches a pathname ('/marketplace/products/abc'). */
export function patternMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  for (let i = 0; i < want.length; i++) {
    const part = want[i]!;
    if (part === '*') return true;
    const seg = got[i];
    if (seg === undefined) return false;
    if (part.startsWith(':')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(seg);
    } catch {
      return false;
    }
    if (decoded.toLowerCase() !== part.toLowerCase()) return false;
  }
  return got.length === want.length;
}

/** Whether the app has a screen for this pathname (anything else is the not-found screen, status 404). */
export function isKnownRoute(pathname: string, options: { dev?: boolean } = {}): boolean {
  const patterns: string[] = Object.values(ROUTE_PATHS);
  if (options.dev) patterns.push(...Object.values(DEV_ROUTE_PATHS));
  return patterns.some((pattern) => patternMatches(pattern, pathname));
}

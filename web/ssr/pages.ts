// Which screens the server renders, the data each needs (seeded into the query cache under the screens' keys, so
// hydration matches) and the head each gets. Everything else is client-rendered: the server sends the app's skeleton
// with the screen's chunks (CLIENT_SCREENS).
import type { QueryKey } from '@tanstack/react-query';
import { formatCents } from '../../core/shared/money';
import { i18n, registerTranslations } from '../i18n';
import type { ApiAnswer, paths } from '../lib/api-client';
import { groupKeys } from '../lib/groups-api';
import { marketplaceKeys } from '../lib/marketplace-api';
import { planKeys } from '../lib/plans-api';
import { campaignKeys, type CampaignOffer } from '../lib/campaigns-api';
import { isKnownRoute, patternMatches, ROUTE_PATHS as P } from '../app/route-paths';
import { groupServices, type PlanCategory } from '../features/marketplace/services-groups';
import { PRODUCTS_PER_PAGE } from '../features/marketplace/products-query';
import { professionalsSearchKeys, type ServiceCategory, type ServicePlan } from '../features/professionals-search/api';
import { notificationKeys } from '../lib/notifications-api';
import { voucherKeys } from '../components/vouchers/api';
import { escrowKey } from '../features/groups/escrow-section';
import { professionalKeys } from '../features/professional-dashboard/api';
import { influencerKeys } from '../features/influencer-dashboard/api';
import { SESSION_QUERY_KEY } from '../lib/session-marker';
import type { SessionProbe } from '../lib/account-api';
import '../features/marketplace/i18n';
import '../features/auth/i18n';
import '../features/professionals-search/i18n';
import '../features/info-pages/i18n';
import '../features/groups/i18n';
import '../features/dashboard/i18n';
import '../features/checkout/i18n';
import '../features/professional-dashboard/i18n';
import '../features/influencer-dashboard/i18n';
import { clip, type PageMeta } from './meta';
import ptBR from './locales/pt-BR';
import enUS from './locales/en-US';

registerTranslations('ssr-meta', { 'pt-BR': ptBR, 'en-US': enUS });

/** GET on the site's own API: the status and the JSON body. */
export type FetchJson = (path: string) => Promise<{ status: number; body: unknown }>;

export interface PagePlan {
  status: number;
  /** The product or invite does not exist: no render, the SPA shell answers with `status` (404). */
  shellOnly?: boolean;
  seed: Array<[QueryKey, unknown]>;
  /** The page's screen as the client build's manifest names it (its lazy chunk is sent with the page: see chunkTags). */
  screen?: string;
  /** Lazy screens the page's screen is given to draw inside it (the services page's nearby section): their CSS and
   * chunks are sent with the page too, so the page is drawn with their styles, not restyled when their code arrives. */
  parts?: string[];
  meta: Omit<PageMeta, 'url' | 'siteName' | 'locale' | 'image'> & { image?: string | null };
  /** The page's address for canonical and og:url when it is not the one requested (a link's one-time token stays out). */
  canonical?: string;
}

/**
 * The screen (as the client build's manifest names it) of each client-rendered route and of a server-rendered one
 * whose record does not exist (sent as the skeleton): its chunks go with the skeleton, fetched alongside the app.
 */
export const CLIENT_SCREENS: Record<string, string> = {
  [P.cart]: 'features/marketplace/cart-page.tsx',
  [P.dashboard]: 'features/dashboard/dashboard-page.tsx',
  [P.dashboardUser]: 'features/dashboard/dashboard-page.tsx',
  [P.dashboardProfessional]: 'features/professional-dashboard/dashboard-page.tsx',
  [P.dashboardInfluencer]: 'features/influencer-dashboard/dashboard-page.tsx',
  [P.orders]: 'features/marketplace/orders-page.tsx',
  [P.order]: 'features/marketplace/order-page.tsx',
  [P.marketCheckout]: 'features/marketplace/checkout-address-page.tsx',
  [P.marketCheckoutPayment]: 'features/marketplace/checkout-payment-page.tsx',
  [P.checkoutParticipants]: 'features/checkout/participants-page.tsx',
  [P.checkoutPlan]: 'features/checkout/plan-page.tsx',
  [P.checkoutAddress]: 'features/checkout/address-page.tsx',
  [P.checkoutPayment]: 'features/checkout/payment-step-page.tsx',
  [P.myGroups]: 'features/groups/my-groups-page.tsx',
  [P.planDelivery]: 'features/groups/plan-delivery-page.tsx',
  [P.payment]: 'features/payments/payment-page.tsx',
  [P.paymentHistory]: 'features/payments/history-page.tsx',
  [P.notifications]: 'features/notifications/notifications-page.tsx',
  [P.profile]: 'features/auth/profile-page.tsx',
  [P.professionalReceivables]: 'features/professional-dashboard/receivables-page.tsx',
  [P.professionalSignup]: 'features/professional-onboarding/signup-page.tsx',
  [P.influencerSignup]: 'features/influencer-signup/signup-page.tsx',
  [P.professionalPending]: 'features/professional-onboarding/pending-page.tsx',
  // Rendered by the server when their record exists.
  [P.product]: 'features/marketplace/product-page.tsx',
  [P.join]: 'features/groups/join-page.tsx',
  [P.professional]: 'features/professionals-search/public-profile-page.tsx',
};

/** The screen of a client-rendered path (see CLIENT_SCREENS), if it has one. */
export function clientScreen(pathname: string): string | undefined {
  for (const [pattern, screen] of Object.entries(CLIENT_SCREENS)) if (patternMatches(pattern, pathname)) return screen;
  return undefined;
}

const REFERRAL_PATHS = [P.referralR, P.referralRef, P.referralIndicacao];

const LOCALE = 'pt-BR';
// Plain text (the head escapes it once, web/ssr/meta.ts).
const t = (key: string, options: Record<string, unknown> = {}) => i18n.t(key, { lng: LOCALE, ...options, interpolation: { escapeValue: false } });
const titled = (title: string | null) => (title ? t('meta.titleTemplate', { title }) : t('meta.defaultTitle'));

class Missing extends Error {}

/** A GET answered in-process, typed by its route in the API description; `path` is the route with its values. */
async function get<R extends keyof paths>(fetchJson: FetchJson, route: R, path: string = route): Promise<ApiAnswer<R, 'get'>> {
  const res = await fetchJson(path);
  if (res.status === 404) throw new Missing(path);
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status}`);
  return res.body as ApiAnswer<R, 'get'>;
}

/**
 * The active campaign's offer (204: none) as the landing and the invite show it, seeded so its banner is in the HTML:
 * drawn only after hydration it would push the page down. Optional like the banner: if the read fails, nothing is
 * seeded and the browser asks for it as before.
 */
async function activeCampaign(fetchJson: FetchJson): Promise<Array<[QueryKey, unknown]>> {
  try {
    const res = await fetchJson('/api/campaigns/active');
    if (res.status === 204) return [[campaignKeys.active(), null]];
    if (res.status === 200) return [[campaignKeys.active(), res.body as CampaignOffer]];
  } catch {
    // The page renders without the offer.
  }
  return [];
}

const STATIC_PAGES: Record<string, { title: string; description: string; screen: string }> = {
  [P.about]: { title: 'info:about.docTitle', description: 'info:about.lead', screen: 'features/info-pages/about-page.tsx' },
  [P.contact]: { title: 'info:contact.docTitle', description: 'info:contact.lead', screen: 'features/info-pages/contact-page.tsx' },
  [P.terms]: { title: 'info:terms.docTitle', description: 'info:terms.lead', screen: 'features/info-pages/terms-page.tsx' },
  [P.privacy]: { title: 'info:privacy.docTitle', description: 'info:privacy.lead', screen: 'features/info-pages/privacy-page.tsx' },
};

const PRODUCT_SORTS = new Set(['newest', 'price_asc', 'price_desc']);

/** What the products screen reads from its URL (products-page.tsx), as its query key holds it. */
function productQuery(search: URLSearchParams) {
  const sortParam = search.get('sort');
  const sort = sortParam && PRODUCT_SORTS.has(sortParam) ? sortParam : 'newest';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return { category: search.get('category') ?? '', q: search.get('q') ?? '', sort: sort as 'newest', page, per_page: PRODUCTS_PER_PAGE };
}

function productsPath(query: ReturnType<typeof productQuery>): string {
  const params = new URLSearchParams({ sort: query.sort, page: String(query.page), per_page: String(query.per_page) });
  if (query.category) params.set('category', query.category);
  if (query.q) params.set('q', query.q);
  return `/api/products?${params.toString()}`;
}

const segments = (pathname: string) => pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s));

/**
 * The plan for a path, or null when the server does not render it (a client-only screen). When the data says the
 * product or invite does not exist, the shell answers with 404. Unknown paths render the not-found screen with 404.
 */
export async function planPage(pathname: string, search: URLSearchParams, fetchJson: FetchJson, options: { dev?: boolean } = {}): Promise<PagePlan | null> {
  try {
    if (pathname === '/' || pathname === '') {
      const [plans, campaign] = await Promise.all([get(fetchJson, '/api/plans'), activeCampaign(fetchJson)]);
      return { status: 200, screen: 'features/landing/landing-page.tsx', seed: [[planKeys.catalogue(), Array.isArray(plans.items) ? plans.items : []], ...campaign], meta: { title: titled(null), description: t('ssr-meta:homeDescription') } };
    }
    for (const [pattern, texts] of Object.entries(STATIC_PAGES)) {
      if (patternMatches(pattern, pathname)) return { status: 200, screen: texts.screen, seed: [], meta: { title: titled(t(texts.title)), description: clip(t(texts.description, { support: '', privacy: '' })) } };
    }
    if (patternMatches(P.products, pathname)) {
      const query = productQuery(search);
      const [categories, products] = await Promise.all([
        get(fetchJson, '/api/product-categories'),
        get(fetchJson, '/api/products', productsPath(query)),
      ]);
      return {
        status: 200,
        screen: 'features/marketplace/products-page.tsx',
        seed: [
          [marketplaceKeys.categories(), categories],
          [marketplaceKeys.products(query), products],
        ],
        meta: { title: titled(t('marketplace:products.docTitle')), description: t('marketplace:products.lead'), image: products.items.find((p) => p.images[0])?.images[0] ?? null },
      };
    }
    if (patternMatches(P.product, pathname)) {
      const id = segments(pathname)[2]!;
      const product = await get(fetchJson, '/api/products/{id}', `/api/products/${encodeURIComponent(id)}`);
      const price = formatCents(product.price, LOCALE);
      return {
        status: 200,
        screen: 'features/marketplace/product-page.tsx',
        seed: [[marketplaceKeys.product(id), product]],
        meta: {
          title: titled(product.name),
          description: clip(product.description ? `${product.description} · ${price}` : t('ssr-meta:productFallback', { name: product.name, price })),
          image: product.images[0] ?? null,
          type: 'product',
        },
      };
    }
    if (patternMatches(P.services, pathname)) {
      const [plans, categories] = await Promise.all([
        get(fetchJson, '/api/plans', '/api/plans?kind=service'),
        get(fetchJson, '/api/plan-categories').catch(() => ({ items: [] as PlanCategory[], total: 0 })),
      ]);
      const groups = groupServices(plans.items, categories.items);
      const names = groups.flatMap((g) => g.plans.map((p) => p.name));
      return {
        status: 200,
        screen: 'features/marketplace/services-page.tsx',
        parts: ['features/professionals-search/nearby-section.tsx'],
        seed: [
          [marketplaceKeys.services(), groups],
          // The nearby-professionals section's category chips are in the HTML too: drawn only after hydration, they
          // pushed the plans below them down (CLS 0.098 on a phone).
          [professionalsSearchKeys.categories(), categories.items.filter((c) => c.kind === 'service')],
        ],
        meta: {
          title: titled(t('marketplace:services.docTitle')),
          description: clip(names.length ? t('ssr-meta:servicesDescription', { plans: names.join(', ') }) : t('marketplace:services.lead')),
          image: groups.flatMap((g) => g.plans).find((p) => p.image_url)?.image_url ?? null,
        },
      };
    }
    if (patternMatches(P.join, pathname)) {
      const [, groupId, referralCode] = segments(pathname) as [string, string, string];
      const [group, campaign] = await Promise.all([
        get(fetchJson, '/api/groups/{id}', `/api/groups/${encodeURIComponent(groupId)}?referral_code=${encodeURIComponent(referralCode)}`),
        activeCampaign(fetchJson),
      ]);
      const name = group.inviter_first_name || t('ssr-meta:siteName');
      const open = group.status !== 'complete' && group.status !== 'expired' && group.status !== 'cancelled' && group.places_left > 0;
      return {
        status: 200,
        screen: 'features/groups/join-page.tsx',
        seed: [[groupKeys.invite(groupId, referralCode), group], ...campaign],
        meta: {
          title: group.plan ? t('ssr-meta:inviteTitle', { name, plan: group.plan.name }) : t('ssr-meta:inviteTitleNoPlan', { name }),
          description: clip(open ? t('ssr-meta:inviteDescription', { count: group.places_left }) : t('ssr-meta:inviteClosed')),
          image: group.plan?.image_url ?? null,
          // Shared links may be indexed while the group is open (no cached copy kept); a closed one leaves the index.
          robots: open ? 'noarchive' : 'noindex',
        },
      };
    }
    if (REFERRAL_PATHS.some((pattern) => patternMatches(pattern, pathname))) {
      // A shared link: its 'Redirecionando…' is on screen at once; the preview shows the site, where it leads.
      return { status: 200, screen: 'features/referral-redirect/redirect-page.tsx', seed: [], meta: { title: titled(null), description: t('ssr-meta:homeDescription'), robots: 'noindex' } };
    }
    if (patternMatches(P.auth, pathname)) {
      // The sign-in form, the page every 'Entrar' and signed-in link leads a visitor to: on screen before the app.
      return { status: 200, screen: 'features/auth/auth-page.tsx', seed: [], meta: { title: titled(t('auth:page.title')), description: t('ssr-meta:homeDescription') } };
    }
    if (patternMatches(P.authCallback, pathname)) {
      // The e-mail's link: 'Confirmando seu e-mail...' (or the new-password form) at once. Its token stays out of the head.
      const type = search.get('type');
      const title = type === 'recovery' ? 'auth:callback.resetDocTitle' : type === 'unlock' ? 'auth:callback.unlockDocTitle' : 'auth:callback.docTitle';
      return { status: 200, screen: 'features/auth/callback-page.tsx', seed: [], canonical: pathname, meta: { title: titled(t(title)), description: t('ssr-meta:homeDescription'), robots: 'noindex' } };
    }
    if (patternMatches(P.professional, pathname)) {
      const id = segments(pathname)[1]!;
      // What the screen loads (public-profile-page.tsx): the profile, and (optional there too) the plans and categories.
      const [professional, plans, categories] = await Promise.all([
        get(fetchJson, '/api/professionals/{id}', `/api/professionals/${encodeURIComponent(id)}`),
        get(fetchJson, '/api/plans', '/api/plans?kind=service&per_page=100').then((r) => r.items, () => [] as ServicePlan[]),
        get(fetchJson, '/api/plan-categories').then((r) => r.items.filter((c) => c.kind === 'service'), () => [] as ServiceCategory[]),
      ]);
      const category = categories.find((c) => c.slug === professional.category)?.name ?? professional.category;
      return {
        status: 200,
        screen: 'features/professionals-search/public-profile-page.tsx',
        seed: [[professionalsSearchKeys.profile(id), { professional, plans, categories }]],
        meta: {
          title: titled(t('professionalsSearch:profile.docTitle', { name: professional.business_name })),
          description: clip(professional.bio?.trim() ? professional.bio : t('ssr-meta:professionalFallback', { name: professional.business_name, category })),
          image: professional.photos[0]?.url ?? null,
        },
      };
    }
    if (patternMatches(P.cart, pathname)) {
      // The cart's frame (heading, lead, the way back to the catalogue) with 'Carregando seu carrinho...' where its
      // lines go: a visitor's lines are in their browser's storage, drawn once the page has hydrated.
      return { status: 200, screen: 'features/marketplace/cart-page.tsx', seed: [], meta: { title: titled(t('marketplace:cart.docTitle')), description: t('marketplace:cart.lead'), robots: 'noindex' } };
    }
    if (!isKnownRoute(pathname, options)) {
      return { status: 404, screen: 'features/system/not-found-page.tsx', seed: [], meta: { title: titled(t('notFound.docTitle')), description: t('notFound.body') } };
    }
    return null;
  } catch (error) {
    if (error instanceof Missing) return { status: 404, shellOnly: true, seed: [], meta: { title: '', description: '' } };
    throw error;
  }
}

type Seed = Array<[QueryKey, unknown]>;

/** A GET a screen reads under `key`: seeded when it answers 200; otherwise the screen asks for it in the browser. */
async function seeded(fetchJson: FetchJson, key: QueryKey, path: string): Promise<Seed> {
  try {
    const res = await fetchJson(path);
    return res.status === 200 ? [[key, res.body]] : [];
  } catch {
    return [];
  }
}

const all = async (parts: Array<Promise<Seed>>): Promise<Seed> => (await Promise.all(parts)).flat();

interface SignedInPage {
  screen: string;
  /** The tab's title (a translation key), as the screen sets it. */
  title: string;
  /** What the screen reads on its first render, under its own keys; null: the server does not draw it for this
   * person (their screen sends them elsewhere, e.g. an admin on the customer dashboard). */
  data: (fetchJson: FetchJson, user: NonNullable<SessionProbe['user']>) => Promise<Seed | null>;
}

/** The customer dashboard: groups, wallet, latest notifications, vouchers, and the plans the payment gate offers. */
const userDashboard: SignedInPage = {
  screen: 'features/dashboard/dashboard-page.tsx',
  title: 'screens.dashboard',
  data: (fetchJson, user) =>
    user.role === 'admin'
      ? Promise.resolve(null)
      : all([
          seeded(fetchJson, groupKeys.mine(), '/api/me/groups'),
          seeded(fetchJson, groupKeys.wallet(), '/api/me/wallet'),
          seeded(fetchJson, notificationKeys.list(1, 5), '/api/notifications?page=1&per_page=5'),
          seeded(fetchJson, voucherKeys.mine(), '/api/me/vouchers'),
          get(fetchJson, '/api/plans').then((r) => [[planKeys.catalogue(), Array.isArray(r.items) ? r.items : []]] as Seed, () => []),
        ]),
};

/**
 * The signed-in screens the server draws with the person's own data (read with their session cookie); any other
 * signed-in page gets the skeleton. The browser hydrates them from the same data and session (web/ssr/state.ts).
 */
const SIGNED_IN_PAGES: Record<string, SignedInPage> = {
  [P.dashboard]: userDashboard,
  [P.dashboardUser]: userDashboard,
  [P.dashboardProfessional]: {
    screen: 'features/professional-dashboard/dashboard-page.tsx',
    title: 'professionalDashboard:dashboard.docTitle',
    data: async (fetchJson) => {
      const mine = await fetchJson('/api/me/professional');
      // No application or not approved: the screen sends them on (the skeleton until it does).
      if (mine.status !== 200 || (mine.body as { status?: string }).status !== 'approved') return null;
      return [
        [professionalKeys.mine(), mine.body],
        ...(await all([
          seeded(fetchJson, professionalKeys.receivables(null), '/api/me/receivables'),
          seeded(fetchJson, professionalKeys.categories(), '/api/plan-categories'),
        ])),
      ];
    },
  },
  [P.dashboardInfluencer]: {
    screen: 'features/influencer-dashboard/dashboard-page.tsx',
    title: 'influencerDashboard:docTitle',
    data: (fetchJson) =>
      all([seeded(fetchJson, influencerKeys.dashboard(30), '/api/me/influencer?days=30'), seeded(fetchJson, influencerKeys.payouts(), '/api/me/payouts')]),
  },
  [P.myGroups]: {
    screen: 'features/groups/my-groups-page.tsx',
    title: 'groups:myGroups.docTitle',
    data: async (fetchJson) => {
      // The list is drawn once groups, vouchers and every card's money are known: all of them, or it is a skeleton.
      const [groups, vouchers] = await Promise.all([seeded(fetchJson, groupKeys.mine(), '/api/me/groups'), seeded(fetchJson, voucherKeys.mine(), '/api/me/vouchers')]);
      const items = (groups[0]?.[1] as { items?: Array<{ group: { id: string } }> } | undefined)?.items ?? [];
      const escrows = await all([...new Set(items.map((item) => item.group.id))].map((id) => seeded(fetchJson, escrowKey(id), `/api/groups/${encodeURIComponent(id)}/escrow`)));
      return [...groups, ...vouchers, ...escrows];
    },
  },
  // The tab's checkout (sessionStorage) is not the server's to know: the step's frame, its body drawn by the browser.
  [P.checkoutParticipants]: { screen: 'features/checkout/participants-page.tsx', title: 'checkout:participants.docTitle', data: () => Promise.resolve([]) },
  // The cart is read by the browser's cart provider (merged with what the browser held): the page's frame, as for a visitor.
  [P.cart]: { screen: 'features/marketplace/cart-page.tsx', title: 'marketplace:cart.docTitle', data: () => Promise.resolve([]) },
};

/** The top bar's bell, drawn inside every signed-in page: its chunk and CSS go with the page. */
const SIGNED_IN_PARTS = ['features/notifications/notification-bell.tsx'];

/**
 * The plan of a signed-in screen for the person whose session `fetchJson` carries, or null: not one of
 * SIGNED_IN_PAGES, no valid session (expired, signed out), or a screen that sends this person elsewhere. The session
 * itself is seeded (SESSION_QUERY_KEY) so the browser's session provider starts from it.
 */
export async function planSignedInPage(pathname: string, fetchJson: FetchJson): Promise<PagePlan | null> {
  const page = Object.entries(SIGNED_IN_PAGES).find(([pattern]) => patternMatches(pattern, pathname))?.[1];
  if (!page) return null;
  const probe = await fetchJson('/api/auth/session').catch(() => null);
  const session = probe?.status === 200 ? (probe.body as SessionProbe) : null;
  // An admin who has not passed the second factor yet is sent to it by the apps.
  if (!session?.user || session.second_factor) return null;
  const data = await page.data(fetchJson, session.user);
  if (!data) return null;
  return {
    status: 200,
    screen: page.screen,
    parts: SIGNED_IN_PARTS,
    seed: [[SESSION_QUERY_KEY, session], ...data],
    meta: { title: titled(t(page.title)), description: t('ssr-meta:homeDescription'), robots: 'noindex' },
  };
}

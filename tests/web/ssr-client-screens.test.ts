// Every route has a first screen from the server: its rendered page (web/ssr/pages.ts planPage) or, for a
// client-rendered one, the app's skeleton with its screen's chunks (CLIENT_SCREENS), whose source file must exist.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PATHS } from '../../web/app/route-paths';
import { chunkTags, type ClientManifest } from '../../web/ssr/meta';
import { CLIENT_SCREENS, clientScreen, planPage } from '../../web/ssr/pages';

const WEB = resolve(import.meta.dirname, '../../web');
// Data a page might ask for: an empty catalogue, no campaign, any record missing.
const fetchJson = async (path: string) => (path.includes('?') || /\/api\/(plans|product-categories|plan-categories)$/.test(path) ? { status: 200, body: { items: [], total: 0 } } : path === '/api/campaigns/active' ? { status: 204, body: null } : { status: 404, body: null });

describe('client-rendered screens', () => {
  it('each names a screen file that exists', () => {
    for (const [pattern, screen] of Object.entries(CLIENT_SCREENS)) expect(existsSync(join(WEB, screen)), `${pattern}: ${screen}`).toBe(true);
  });

  it('every route is rendered by the server or has its screen in the skeleton', async () => {
    for (const [name, pattern] of Object.entries(ROUTE_PATHS)) {
      if (pattern === 'admin/*') continue; // the back office's own app
      const path = `/${pattern.replace(/:[a-z_]+/gi, 'x')}`;
      const plan = await planPage(path, new URLSearchParams(), fetchJson);
      if (plan && !plan.shellOnly) expect(plan.screen, name).toBeTruthy();
      else expect(clientScreen(path), name).toBe(CLIENT_SCREENS[pattern]);
    }
  });

  it("the skeleton's screen CSS is preloaded, not render-blocking", () => {
    const manifest: ClientManifest = { 'features/marketplace/cart-page.tsx': { file: 'assets/cart-A.js', css: ['assets/cart-A.css'] } };
    const tags = chunkTags(manifest, clientScreen('/marketplace/cart'), { css: 'preload' });
    expect(tags).toContain('<link rel="preload" as="style" crossorigin href="/assets/cart-A.css" />');
    expect(tags).not.toContain('rel="stylesheet"');
    expect(tags).toContain('"/assets/cart-A.js"');
  });
});

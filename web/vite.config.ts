// Vite config for the customer web app: `web/` is the root, the build lands in `<repo>/dist/web`,
// which the Koa server serves (with a CSP that allows only same-origin scripts, so no inline JS).
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
// With extensions: Vite's native config loader (its future default) resolves no extensionless import.
import { APP_ICONS, renderIcon } from '../adapters/images/app-icons.ts';
import { THEME_INIT_TAG } from './theme-init-script.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/web', import.meta.url));
const coreDir = fileURLToPath(new URL('../core/', import.meta.url));
const apiTarget = process.env.TURMA_API_URL ?? 'http://127.0.0.1:3000';

/** The manifest's PNG icons, drawn from the logo: emitted into the build, served on the fly by the dev server. */
function appIcons(): Plugin {
  return {
    name: 'turma-app-icons',
    // Not in the server render's build (dist/server): the icons belong to the browser's.
    apply: (_config, env) => !env.isSsrBuild,
    async generateBundle() {
      for (const icon of APP_ICONS) this.emitFile({ type: 'asset', fileName: icon.file, source: await renderIcon(icon) });
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const icon = APP_ICONS.find((i) => req.url === `/${i.file}`);
        if (!icon) return next();
        renderIcon(icon).then((png) => {
          res.setHeader('Content-Type', 'image/png');
          res.end(png);
        }, next);
      });
    },
  };
}

const THEME_INIT_PLACEHOLDER = '<!--turma:theme-init-->';

/** index.html's <head>: the theme script inlined in place of its placeholder (web/theme-init-script.ts). */
function themeInit(): Plugin {
  return {
    name: 'turma-theme-init',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(THEME_INIT_PLACEHOLDER)) throw new Error(`index.html has no ${THEME_INIT_PLACEHOLDER}`);
        return html.replace(THEME_INIT_PLACEHOLDER, () => THEME_INIT_TAG);
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  base: '/',
  publicDir: 'public',
  plugins: [react(), appIcons(), themeInit()],
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // dist/web/.vite/manifest.json: the server sends a server-rendered page's screen chunk with it (web/ssr/meta.ts).
    manifest: true,
    // The landing is the page that matters most: warn if a chunk grows past this.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // core/ does nothing when loaded but define things (its lint forbids I/O, and nothing there registers itself), so a
      // core module the browser reaches through a barrel and never uses is left out, zod schemas and all
      // (docs/architecture.md). Everything else keeps the bundler's default.
      treeshake: { moduleSideEffects: (id) => (id.startsWith(coreDir) ? false : undefined) },
      output: {
        codeSplitting: {
          // The influencer's chart (recharts, lazy) came to 401 kB in one chunk: its scales and state store are a
          // chunk of their own, fetched in parallel with it, so every chunk stays under the limit above.
          groups: [{ name: 'chart-vendor', test: /node_modules[\\/](d3-[\w-]+|victory-vendor|@reduxjs|immer|reselect|es-toolkit)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});

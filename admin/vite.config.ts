// Vite build of the react-admin back office: its own bundle, served by the server at /admin.
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/admin', import.meta.url));

/**
 * admin/main.tsx imports admin/boot.tsx only after the first paint, so without hints the app's chunks would start
 * downloading only then. This lists boot's chunks, the chunks it imports dynamically (React's renderer, the app) and
 * everything they import statically as modulepreload links in index.html: the bytes arrive during the first paint and
 * are evaluated only when boot asks for them. At low priority: a high-priority script that arrives before the first
 * paint is counted by Lighthouse as blocking it (FCP 0.8 -> 1.9 s in such a run), and none of these is needed for it.
 */
function preloadBoot(): Plugin {
  let base = '/';
  return {
    name: 'turma-admin-preload-boot',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [item] : []));
        const boot = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/admin/boot.tsx'));
        if (!boot) throw new Error('admin/vite.config.ts: o chunk de admin/boot.tsx não foi encontrado');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = ctx.chunk?.fileName;
        const files: string[] = [];
        const visit = (fileName: string) => {
          if (fileName === entry || files.includes(fileName)) return;
          const chunk = byFile.get(fileName);
          if (!chunk) return;
          files.push(fileName);
          chunk.imports.forEach(visit);
        };
        visit(boot.fileName);
        boot.dynamicImports.forEach(visit);
        return files.map((fileName) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, fetchpriority: 'low', href: `${base}${fileName}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: adminRoot,
  base: '/admin/',
  plugins: [react(), preloadBoot()],
  build: {
    outDir,
    emptyOutDir: true,
    // react-admin + MUI is one large vendor graph; the warning would fire on every build.
    chunkSizeWarningLimit: 1600,
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    port: 4312,
  },
});

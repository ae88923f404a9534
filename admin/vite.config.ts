// Vite build of the react-admin back office: its own bundle, served by the server at /admin.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const outDir = fileURLToPath(new URL('../dist/admin', import.meta.url));

export default defineConfig({
  root: adminRoot,
  base: '/admin/',
  plugins: [react()],
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

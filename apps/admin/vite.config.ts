import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The server the dev and preview servers forward API, CSRF and media calls to. */
const target = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:8080';
const proxy = {
  '/api': { target, changeOrigin: false },
  '/sanctum': { target, changeOrigin: false },
  '/gallery': { target, changeOrigin: false },
};

export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // The shared package only declares constants and schemas: a chunk that reads a constant (the login route
      // reads the locales) does not pull every schema and zod with it.
      treeshake: { moduleSideEffects: [{ test: /packages\/shared\/src\//, sideEffects: false }] },
      output: {
        // Framework code changes rarely: separate chunks stay cached across releases of the app code.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/react-router')) return 'router';
          if (id.includes('node_modules/zod')) return 'zod';
          if (/node_modules\/(i18next|react-i18next)\//.test(id)) return 'i18n';
          if (id.includes('node_modules/@tanstack')) return 'query';
          return undefined;
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    target: 'es2022',
    // Only what the landing page shows ships up front; every route is its own chunk.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page loads up front ships as two scripts, not one per set of routes that
          // shares a part of it: the libraries (cached across deploys) and the app's own code.
          // Styles stay in the one stylesheet.
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/].*\.[cm]?js$/ },
            { name: 'initial', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url));

/**
 * `npm run build` builds the app for the browser, then the public pages' renderer for Node
 * (`vite build --ssr`), which scripts/prerender.mjs runs to write their HTML
 * (docs/decisions/0034-prerendered-public-pages.md).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The shared package is TypeScript source: the renderer bundles it like the browser build does.
  ssr: { noExternal: ['@muse/shared'] },
  build: isSsrBuild
    ? // The page renderer: the build runs it for every public page, the server for the marketplace.
      { target: 'node20', outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false }
    : {
        target: 'es2022',
        // Only what the first page shows ships up front; every route is its own chunk.
        modulePreload: { polyfill: false },
        rolldownOptions: {
          // The app, and the landing on its own: its first load is the landing alone, without
          // the app's router, query client or tailwind-merge (landing.html, landing-boot.ts).
          input: {
            index: page('index.html'),
            landing: page('landing.html'),
            'app-boot': page('src/app-boot.ts'),
          },
          output: {
            codeSplitting: {
              // What a page loads up front ships as few scripts, not one per set of routes that
              // shares a part of it: the libraries the landing shares with the app (react), the
              // app's other libraries (vendor, which the landing never loads), both cached across
              // deploys, and the app's own code, split by which pages use it. Styles stay in the
              // one stylesheet.
              groups: [
                {
                  name: 'react',
                  tags: ['$initial'],
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|clsx|lucide-react)[\\/]/,
                  priority: 3,
                },
                {
                  name: 'vendor',
                  tags: ['$initial'],
                  test: /[\\/]node_modules[\\/].*\.[cm]?js$/,
                  priority: 2,
                },
                {
                  name: 'initial',
                  tags: ['$initial'],
                  // app-boot.ts stays one small file of its own: a page loads it before the rest.
                  test: (id) => !id.endsWith('app-boot.ts'),
                  entriesAware: true,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
}));

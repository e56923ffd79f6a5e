// The tools share one chunk: a creator who opens one usually opens the others. Every tool's page
// (`<key>-page.tsx`) is in `pages.gen.ts`, written by scripts/tool-registry.mjs.
export { ToolsPage } from './tools-page';
export * from './pages.gen';

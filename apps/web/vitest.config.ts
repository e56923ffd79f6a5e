import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { writeToolRegistry } from '../../scripts/tool-registry.mjs';

// The tools' generated lists (*.gen.ts) are written from their folders before any test loads.
writeToolRegistry();

// Component tests (.tsx) render into happy-dom; the plain .ts tests run there too without
// noticing. Testing Library's matchers and its cleanup after each test come from the setup file.
export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['./src/testing/setup.ts'],
  },
});

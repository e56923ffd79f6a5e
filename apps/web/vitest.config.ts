import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

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

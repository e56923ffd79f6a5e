import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeUnlistedCalls } from './fake-api';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // A screen that called a route its test did not fake did something the test did not expect.
  const unlisted = takeUnlistedCalls();
  if (unlisted.length > 0) {
    throw new Error(`Calls to routes this test does not fake: ${unlisted.join(', ')}`);
  }
});

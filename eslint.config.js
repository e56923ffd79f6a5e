import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/',
      'data/',
      'test-results/',
      'playwright-report/',
      'apps/server/drizzle/',
      // Written by scripts/tool-registry.mjs.
      '**/*.gen.ts',
      // Generated from the v1 routes by apps/server/test/openapi.test.ts.
      'apps/server/openapi/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // `const { tool, ...options } = request` takes the options without the tool.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports; default exports only where a tool needs one.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              message:
                'Import toast from components/ui/toaster: importing it there is what mounts the toaster (toaster-slot.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    // The one place sonner is used directly.
    files: ['apps/web/src/components/ui/toaster.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Configuration files whose tools read a default export.
    files: ['**/*.config.{ts,js}', 'apps/server/test/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);

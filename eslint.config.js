import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import featureBoundaries from './eslint-rules/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**',
    // Bundled configs that electron-vite / vite write beside the config while a build runs (CI lints beside the e2e build).
    'electron.vite.config.*.mjs', '**/*.timestamp-*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Type-aware rules for everything in the TypeScript project (tsconfig.json), via the project service.
    files: ['**/*.{ts,tsx,mts,cts}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // Plain JavaScript (this file, scripts/*.mjs) is outside the TypeScript project: lint it without types.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // A feature's manifest adds its text keys and cache tags to interfaces of the lower layers
      // (`interface Messages extends TextsOf<…> {}`): module augmentation, which needs the empty body.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // Only the Electron processes may import electron; the shared contract imports nothing platform-specific.
    files: ['src/server/**', 'src/renderer/**', 'src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    // Screens reach the server through RTK Query endpoints generated from src/shared descriptors
    // (src/renderer/src/store/endpoints.ts), never through axios or the HTTP client directly.
    files: ['src/renderer/src/features/**', 'src/renderer/src/layout/**', 'src/renderer/src/router/**'],
    ignores: ['**/*.test.{ts,tsx}', '**/test*.{ts,tsx}', '**/productTestServer.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          'electron',
          { name: 'axios', message: 'Declare the call in src/shared and use its generated RTK Query hook.' },
          { name: '@renderer/http/client', message: 'Declare the call in src/shared and use its generated RTK Query hook (or callEndpoint outside React).' },
        ],
      }],
    },
  },
  {
    // The lower layers of the renderer know no feature: the features register their screens, texts and
    // cache tags through the one list (src/renderer/src/app/features.ts), which only the top layer imports.
    files: ['src/renderer/src/{i18n,store,http,session,components,hooks,permission,notify,utils,devices,stations}/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: ['electron'],
        patterns: [{ group: ['@renderer/features/*', '@renderer/app/*'], message: 'A lower layer imports no feature: register through the feature list.' }],
      }],
    },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['node:*', 'fs', 'path', 'crypto'] }],
    },
  },
  {
    // A feature imports another only through its public file (features/<name>/index.ts), no two features
    // import each other, and the stations kit imports no feature (eslint-rules/feature-boundaries.js).
    // Tests and test fixtures may set up other features' local state.
    files: ['src/renderer/src/features/**/*.{ts,tsx}', 'src/renderer/src/stations/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test*.{ts,tsx}', '**/productTestServer.ts'],
    plugins: { local: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: { 'local/feature-boundaries': 'error' },
  },
);

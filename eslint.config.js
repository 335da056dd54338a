import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**'] },
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
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Only the Electron processes may import electron; the shared contract imports nothing platform-specific.
    files: ['src/server/**', 'src/renderer/**', 'src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { paths: ['electron'] }] },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'], patterns: ['node:*', 'fs', 'path', 'crypto'] }],
    },
  },
);

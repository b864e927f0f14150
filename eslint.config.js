// A short rule set: typescript-eslint's recommended rules and React's two hook rules. Structure (cycles, which
// folder may import which) is checked by dependency-cruiser (.dependency-cruiser.cjs), not here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', '.cache/**', '.tmp/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Our control-character patterns are sanitisers that mean exactly those characters.
      'no-control-regex': 'off',
      // A leading underscore marks a value kept on purpose: a destructured field left out, a parameter an
      // interface requires.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Tests read JSON answers whose shape is what they assert.
    files: ['tests/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // e2e/test.ts's `test` closes the contexts a journey opens; the bare one would leave them running.
    files: ['e2e/**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from './test'." }] }] },
  },
);

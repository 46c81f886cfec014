import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Import boundaries (docs/architecture.md "Layout"): shared code flows one way,
// lib/config/components/content -> features -> routes/app, and features never reach into each other. One zone
// per folder of src/features, read from the disk so a new feature is fenced in the day it is created.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        ...features.map((feature) => ({
          target: `./src/features/${feature}`,
          from: './src/features',
          except: [`./${feature}`],
        })),
        {
          target: ['./src/lib', './src/config', './src/components', './src/content'],
          from: ['./src/features', './src/routes', './src/app'],
        },
        { target: './src/features', from: ['./src/routes', './src/app'] },
        { target: './src/routes', from: './src/app' },
      ],
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'node_modules',
      'coverage',
      'test-results',
      'playwright-report',
      'supabase/.local-data',
      '.local',
      '.bench',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['warn', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      ...featureBoundaries,
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportDefaultDeclaration',
          message: 'Use named exports (docs/architecture.md "Layout").',
        },
      ],
      // Modules with one job (docs/architecture.md "Layout"): a function this long does several; split it into
      // modules the caller composes, as the player's engine is (docs/player.md "The engine's modules").
      'max-lines-per-function': ['error', { max: 250 }],
    },
  },
  {
    files: ['scripts/**', 'supabase/**', 'tests/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  // No import cycles (docs/architecture.md "Layout"): a cycle makes load order matter and two modules one. A type
  // both sides need lives in a small module of its own.
  {
    files: ['src/**/*.{ts,tsx}', 'supabase/**/*.ts', 'scripts/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true } },
    rules: { 'import-x/no-cycle': 'error' },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';

// Import boundaries (docs/architecture.md "Layout"): shared code flows one way,
// lib/config/components/content -> features -> routes/app, and features never reach into each other.
const featureBoundaries = {
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        { target: './src/features/auth', from: './src/features', except: ['./auth'] },
        { target: './src/features/cart', from: './src/features', except: ['./cart'] },
        { target: './src/features/catalogue', from: './src/features', except: ['./catalogue'] },
        { target: './src/features/checkout', from: './src/features', except: ['./checkout'] },
        // Offline listening is a layer under the player and My Account (docs/offline-listening.md): both use it,
        // and it uses no other feature.
        { target: './src/features/player', from: './src/features', except: ['./player', './offline'] },
        { target: './src/features/offline', from: './src/features', except: ['./offline'] },
        { target: './src/features/consent', from: './src/features', except: ['./consent'] },
        { target: './src/features/accessibility', from: './src/features', except: ['./accessibility'] },
        { target: './src/features/booking', from: './src/features', except: ['./booking'] },
        { target: './src/features/faq', from: './src/features', except: ['./faq'] },
        { target: './src/features/testimonials', from: './src/features', except: ['./testimonials'] },
        { target: './src/features/sitemap', from: './src/features', except: ['./sitemap'] },
        { target: './src/features/shop', from: './src/features', except: ['./shop'] },
        { target: './src/features/admin', from: './src/features', except: ['./admin'] },
        { target: './src/features/account', from: './src/features', except: ['./account', './offline'] },
        { target: './src/features/practice', from: './src/features', except: ['./practice'] },
        // The programmes' admin screens reuse the dashboard's UI kit and queries (one way: admin never imports
        // programmes; the route composes them, docs/programmes.md).
        { target: './src/features/programmes', from: './src/features', except: ['./programmes', './admin'] },
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
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports (docs/architecture.md "Layout").' },
      ],
    },
  },
  {
    files: ['scripts/**', 'supabase/**', 'tests/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);

import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const buildDate = process.env.BUILD_DATE ?? new Date().toISOString().slice(0, 10);

/**
 * React Router's bundle declares its components at the top level with `React.forwardRef(...)` or
 * `React.memo(...)` and labels each for React DevTools (`X.displayName = "X"`). The bundler cannot tell
 * that either is free of side effects (React is CommonJS), so every component and what it calls (Form,
 * useSubmit, ScrollRestoration, the data router's route rendering) stayed in the first load, used or not.
 * Bundler options only, no change to React Router's code: React Router's imports of React resolve to
 * build/react-for-react-router.ts, where the two wrappers are declared pure, and an assignment to a property
 * (the labels) counts as free of side effects (`treeshake.propertyWriteSideEffects`). See
 * docs/decisions/0001-islands.md for what to check when upgrading React or React Router.
 */
/**
 * React Router publishes a production build beside its development one, but its package exports name only the
 * development build (its issues #12532 and #14102: meant to be temporary), so its development warnings and
 * checks ship to every visitor. The production build uses the package's own production files, which differ
 * only in those warnings being off.
 */
const reactRouterProduction: Record<string, string> = {
  'react-router': './node_modules/react-router/dist/production/index.mjs',
  'react-router/dom': './node_modules/react-router/dist/production/dom-export.mjs',
};

const reactForReactRouter = fileURLToPath(new URL('./build/react-for-react-router.ts', import.meta.url));

function reactRouterPureComponents(): Plugin {
  return {
    name: 'react-router-pure-components',
    apply: 'build',
    // Before Vite's own resolver, which would resolve 'react' first.
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'react' && importer && /node_modules\/react-router\/dist\//.test(importer))
        return reactForReactRouter;
      const production = reactRouterProduction[source];
      return production ? fileURLToPath(new URL(production, import.meta.url)) : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), reactRouterPureComponents()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  define: { __BUILD_DATE__: JSON.stringify(buildDate) },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // The prerender step writes each page's modulepreload links; Vite's runtime preload helper would add
    // ~2 KB to every page's first load for client-side navigations only.
    modulePreload: false,
    rolldownOptions: {
      // The DevTools labels above (`X.displayName = ...`) and the like: a write to a property of an object
      // that is otherwise unused no longer keeps the object.
      treeshake: { propertyWriteSideEffects: false },
      output: {
        // Everything the entry imports statically in one chunk (Rolldown would otherwise split out the parts
        // that lazy pages share, e.g. React's jsx runtime and the icon base): every page loads all of it
        // anyway, and one file compresses better than five (about 1.3 KB gzip).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
  preview: { port: 4173 },
});

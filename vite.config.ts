import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const buildDate = process.env.BUILD_DATE ?? new Date().toISOString().slice(0, 10);

/**
 * React Router's bundle sets `X.displayName = "X"` (a React DevTools label) on each component at the top
 * level, and declares them with `React.forwardRef(...)` or `React.memo(...)` without a pure annotation: both
 * count as side effects, so every component and what it calls (Form, useSubmit, form-data encoding,
 * ScrollRestoration; the data router's route rendering behind its memoized DataRoutes) stayed in the first
 * load, used or not. Dropping the labels and marking the calls pure lets the unused ones go.
 */
function dropReactRouterDisplayNames(): Plugin {
  return {
    name: 'drop-react-router-display-names',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules\/react-router\/dist\/.*\.mjs$/.test(id)) return null;
      const labelled = code.replace(/^\s*[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm, '');
      return {
        code: labelled.replace(
          /^var ([A-Za-z0-9_$]+) = (React\d*\.(?:forwardRef|memo)\()/gm,
          'var $1 = /* @__PURE__ */ $2',
        ),
        map: null,
      };
    },
  };
}

/**
 * Two React Router features exist only in its framework and RSC modes, which this app does not use (it renders
 * a <BrowserRouter>): Link's `prefetch` (usePrefetchBehavior returns "do not prefetch" whenever there is no
 * framework context, so PrefetchPageLinks and the route-module link helpers it would render never run) and
 * the error boundary's RSC error handler (its context is false outside an RSC router). Resolving those two
 * checks to the value they always have here lets the code behind them go (about 1.5 KB gzip of every
 * page). Each replacement must match, so an upgrade that changes the code fails the build instead of
 * silently keeping or breaking it.
 */
const reactRouterModeOnlyCode: { find: string; replace: string }[] = [
  // The package's exports name only its development build; its production build differs in this line alone.
  { find: 'var ENABLE_DEV_WARNINGS = true;', replace: 'var ENABLE_DEV_WARNINGS = false;' },
  {
    find: 'let [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(\n      prefetch,\n      rest\n    );',
    replace: 'let prefetchRef = null, prefetchHandlers = {};',
  },
  {
    find: 'return shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React10.createElement(React10.Fragment, null, link, /* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })) : link;',
    replace: 'return link;',
  },
  {
    find: 'if (this.context && typeof error === "object" && error && "digest" in error',
    replace: 'if (false && typeof error === "object" && error && "digest" in error',
  },
  {
    find: 'if (this.context) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler',
    replace: 'if (false) {\n      return /* @__PURE__ */ React2.createElement(RSCErrorHandler',
  },
];

function dropReactRouterModeOnlyCode(): Plugin {
  return {
    name: 'drop-react-router-mode-only-code',
    apply: 'build',
    transform(code, id) {
      if (
        !/node_modules\/react-router\/dist\/.*\.mjs$/.test(id) ||
        !code.includes('function usePrefetchBehavior(')
      )
        return null;
      let result = code;
      for (const { find, replace } of reactRouterModeOnlyCode) {
        if (!result.includes(find)) throw new Error(`React Router changed: "${find}" not found in ${id}`);
        result = result.replace(find, replace);
      }
      return { code: result, map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), dropReactRouterDisplayNames(), dropReactRouterModeOnlyCode()],
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

import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { beforePaintScriptsPlugin } from './scripts/before-paint-scripts.ts';

const buildDate = process.env.BUILD_DATE ?? new Date().toISOString().slice(0, 10);

const srcDir = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss(), beforePaintScriptsPlugin(srcDir)],
  resolve: { alias: { '@': srcDir } },
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

import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'vite';

// Builds the offline worker (src/lib/offline/service-worker.ts) into dist/sw.js, with the list of files it
// precaches: the SPA shell as served for /account and every script and style My Account and the player can
// load, so both open with the network off (docs/offline-listening.md). Other pages' code is left out.

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

type ViteManifest = Record<string, ManifestChunk>;

export interface PrecacheEntry {
  url: string;
  /** null for hashed file names (the name changes with the content). */
  revision: string | null;
}

/** Lazily loaded modules that My Account and the player never need: other pages and the marketing islands. */
const NOT_FOR_THE_SHELL = [
  /^src\/routes\/(?!account\/)/,
  /^src\/app\/island/,
  /^src\/components\/ui\/tabs-island/,
  /^src\/features\/(admin|booking|faq|catalogue|checkout|cart)\//,
];

/** The hashed files (scripts and styles) of the entry and of every lazily loaded module the shell may use. */
export function shellFiles(manifest: ViteManifest): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) visit(key);
    else if (chunk.isDynamicEntry && !NOT_FOR_THE_SHELL.some((pattern) => pattern.test(key))) visit(key);
  }
  return [...files].sort();
}

const revisionOf = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex')
    .slice(0, 16);

/** Unhashed public files the installed app shows (manifest and icons). */
const PUBLIC_FILES = [
  'site.webmanifest',
  'favicon.svg',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/icon-maskable-192.png',
  'icons/icon-maskable-512.png',
];

export async function precacheManifest(distDir: string, shellHtml: string): Promise<PrecacheEntry[]> {
  const manifest = JSON.parse(
    await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;
  const entries: PrecacheEntry[] = shellFiles(manifest).map((file) => ({ url: `/${file}`, revision: null }));
  // The shell is written by the build (dist/_shell.html) and served for /account.
  entries.push({ url: '/account', revision: await revisionOf(join(distDir, shellHtml)) });
  for (const file of PUBLIC_FILES)
    entries.push({ url: `/${file}`, revision: await revisionOf(join(distDir, file)) });
  return entries;
}

/** Writes dist/sw.js; returns how many files and bytes (uncompressed) it precaches. */
export async function buildServiceWorker(
  distDir: string,
  shellHtml: string,
): Promise<{ files: number; bytes: number }> {
  const entries = await precacheManifest(distDir, shellHtml);
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: {
      __PRECACHE_MANIFEST__: JSON.stringify(entries),
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir: distDir,
      emptyOutDir: false,
      copyPublicDir: false,
      manifest: false,
      target: 'es2022',
      rolldownOptions: {
        input: 'src/lib/offline/service-worker.ts',
        output: { format: 'iife', entryFileNames: 'sw.js' },
      },
    },
  });
  let bytes = 0;
  for (const entry of entries) {
    const path = entry.url === '/account' ? join(distDir, shellHtml) : join(distDir, entry.url.slice(1));
    bytes += (await stat(path)).size;
  }
  return { files: entries.length, bytes };
}

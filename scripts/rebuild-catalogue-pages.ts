import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as EntryServerModule from '../src/entry-server';
import { keyModelFromEnv, publicKeyOf } from '../supabase/local/keys';
import { distDir, precompressFile, ssrDir, templateFile } from './build';
import { hostedPublicKey } from './build-config';
import { readPublishedCatalogue } from './catalogue-snapshot';
import { prerender } from './prerender';
import { inlineScriptHashes } from './security-headers';

// The local stand-in for a host's deploy hook (docs/catalogue-rebuild.md): after a catalogue change, the two
// pages prerendered with the catalogue are rendered again into the existing build, with the catalogue the
// running project publishes now. The same prerender step as `npm run build` (scripts/prerender.ts), with the
// build's own SSR bundle; each file is replaced atomically, so the site keeps serving while this runs.

type EntryServer = typeof EntryServerModule;

/** The routes whose HTML embeds the catalogue (and nothing else does). */
export const catalogueRoutes = ['/individual-audios', '/audio-library'] as const;

export async function rebuildCataloguePages(supabaseUrl: string, publicKey: string): Promise<string[]> {
  const ssrEntry = join(ssrDir, 'entry-server.js');
  const entry = (await import(pathToFileURL(join(process.cwd(), ssrEntry)).href)) as EntryServer;
  entry.provideCatalogueSnapshot(await readPublishedCatalogue(supabaseUrl, publicKey));
  const info = JSON.parse(await readFile(join(distDir, '.build-info.json'), 'utf8')) as {
    inlineScriptHashes: string[];
  };
  // The served Content-Security-Policy lists the build's inline scripts; the catalogue lives in a JSON data
  // block (no script the policy governs), so a new catalogue must never need a new hash: checked before writing.
  const checkBeforeWrite = (route: string, html: string) => {
    const unknown = inlineScriptHashes(html).filter((hash) => !info.inlineScriptHashes.includes(hash));
    if (unknown.length > 0)
      throw new Error(
        `${route} would carry inline scripts the build's policy does not allow: ${unknown.join(' ')}`,
      );
  };
  const { pages } = await prerender({ distDir, ssrEntry, templateFile, checkBeforeWrite }, catalogueRoutes);
  for (const page of pages) await precompressFile(page.file);
  return pages.map((page) => page.route);
}

const thisFile = fileURLToPath(import.meta.url);

/**
 * Runs the rebuild in a child process, as a host runs a build beside the site it serves: the prerender's CPU
 * work stays off the process serving the site and the local stack, and each run loads the SSR bundle afresh.
 */
export function runCatalogueRebuild(supabaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, thisFile], {
      env: { ...process.env, CATALOGUE_REBUILD_SUPABASE_URL: supabaseUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The catalogue pages' rebuild exited with ${code}`)),
    );
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.CATALOGUE_REBUILD_SUPABASE_URL ?? process.env.VITE_SUPABASE_URL;
  if (!url) throw new Error('Set CATALOGUE_REBUILD_SUPABASE_URL to the project the catalogue is read from');
  rebuildCataloguePages(url, hostedPublicKey() ?? publicKeyOf(keyModelFromEnv())).then(
    (routes) => console.info(`Catalogue pages rebuilt: ${routes.join(', ')}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

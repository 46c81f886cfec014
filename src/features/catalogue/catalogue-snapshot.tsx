import { jsonForScript } from '@/lib/json-in-script';
import type { Catalogue } from './catalogue-types';

// The catalogue the build read from the database travels inside the prerendered page as a JSON data block,
// so hydration starts from the same data the HTML was rendered with (no mismatch, no loading flash).

export const CATALOGUE_SNAPSHOT_ID = 'catalogue-snapshot';

let prerenderSnapshot: Catalogue | null = null;
let pageRaw: string | null | undefined;
let pageSnapshot: Catalogue | null = null;

/** Called by the prerender entry with the catalogue read at build time. */
export function provideCatalogueSnapshot(catalogue: Catalogue | null): void {
  prerenderSnapshot = catalogue;
}

function readPageRaw(): string | null {
  if (pageRaw === undefined) {
    pageRaw = document.getElementById(CATALOGUE_SNAPSHOT_ID)?.textContent ?? null;
    try {
      pageSnapshot = pageRaw ? (JSON.parse(pageRaw) as Catalogue) : null;
    } catch (error) {
      console.warn('Ignoring the embedded catalogue:', error);
      pageRaw = null;
      pageSnapshot = null;
    }
  }
  return pageRaw;
}

/** The embedded catalogue: at prerender, the build's; in the browser, the one in the page's HTML (if any). */
export function readCatalogueSnapshot(): Catalogue | null {
  if (typeof document === 'undefined') return prerenderSnapshot;
  readPageRaw();
  return pageSnapshot;
}

/** The data block itself; rendered by the catalogue pages, identical at prerender and at hydration. */
export function CatalogueSnapshotScript() {
  const raw =
    typeof document === 'undefined'
      ? prerenderSnapshot
        ? jsonForScript(prerenderSnapshot)
        : null
      : readPageRaw();
  if (!raw) return null;
  return (
    <script type="application/json" id={CATALOGUE_SNAPSHOT_ID} dangerouslySetInnerHTML={{ __html: raw }} />
  );
}

/** For tests: forget what was read from the page. */
export function resetCatalogueSnapshotForTests(): void {
  pageRaw = undefined;
  pageSnapshot = null;
  prerenderSnapshot = null;
}

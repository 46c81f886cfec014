import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import type * as EntryServer from '../src/entry-server';
import {
  CLICK_HANDLER_MARK,
  ISLAND_ATTRIBUTE,
  STATIC_PAGE_ATTRIBUTE,
} from '../src/components/island/island-attributes';
import { EARLY_CONTROL_ATTRIBUTE, EARLY_PRESSABLE } from '../src/lib/early-input-script';
import { PAGE_HEAD_ATTRIBUTE } from '../src/components/seo/page-head';
import { BANNER_ALLOWED_ATTRIBUTE } from '../src/features/consent/consent-script';
import { writeFileAtomic } from './write-atomic';

type Entry = typeof EntryServer;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PrerenderOptions {
  distDir: string;
  ssrEntry: string;
  /** The client's index.html as Vite wrote it; default dist's, which prerendering / then replaces. */
  templateFile?: string;
  /** A further check of each page before it is written (throws to stop). */
  checkBeforeWrite?: (route: string, html: string) => void;
}

export interface PrerenderedPage {
  route: string;
  file: string;
  html: string;
}

/** Splits React's output into the hoisted <title>/<meta>/<link> it emits first, and the body markup. */
export function splitHoistedHead(markup: string): { head: string[]; body: string } {
  const head: string[] = [];
  let rest = markup;
  const pattern = /^(<title\b[^>]*>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;
  for (let match = pattern.exec(rest); match; match = pattern.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head, body: rest };
}

/** The prerendered copy of a head tag: marked as such instead of as the page's (src/components/seo/seo.tsx). */
export function markPrerendered(tag: string): string {
  return tag
    .replace(` ${PAGE_HEAD_ATTRIBUTE}=""`, '')
    .replace(/^<(title|meta|link)\b/, '<$1 data-prerendered=""');
}

function count(html: string, pattern: RegExp): number {
  return [...html.matchAll(pattern)].length;
}

/** The build's guarantees for every prerendered page; a violation fails the build. */
export function checkPage(route: string, html: string, requireStructuredData: boolean): void {
  const problems: string[] = [];
  const titles = count(html, /<title\b/g);
  const descriptions = count(html, /<meta\b[^>]*name="description"/g);
  if (titles !== 1) problems.push(`${titles} <title> elements`);
  if (descriptions !== 1) problems.push(`${descriptions} meta descriptions`);
  if (count(html, /<link\b[^>]*rel="canonical"/g) !== 1) problems.push('no single canonical link');
  if (count(html, /<h1\b/g) !== 1) problems.push(`${count(html, /<h1\b/g)} <h1> elements`);
  if (requireStructuredData && !/<script type="application\/ld\+json"/.test(html))
    problems.push('no JSON-LD');
  if (/data-route-error=/.test(html)) problems.push('rendered the error page');
  if (problems.length > 0) throw new Error(`Prerender of ${route} failed: ${problems.join(', ')}`);
}

/** What does nothing without code: controls, and elements that act as one. */
const NEEDS_CODE = [
  'button:not([disabled])',
  'input',
  'select',
  'textarea',
  'form',
  '[role=button]',
  '[role=tab]',
  '[role=switch]',
  '[role=checkbox]',
  '[role=radio]',
  '[role=menuitem]',
  '[role=slider]',
  'a:not([href])',
  `[${CLICK_HANDLER_MARK}]`,
].join(', ');

/**
 * A marketing page's first load adopts its markup without its code (src/app/adopted-page.tsx): only its
 * islands become interactive. So the build fails for:
 * - anything outside every island that needs code: a button, a form control, an element with a control's
 *   role (role=button, role=tab...), a link without href, or an element rendered with an onClick handler (a
 *   link with one included: its handler would never run). The markup carries no handlers; the marked render
 *   of tests/components/adoptable-pages.test.tsx adds CLICK_HANDLER_MARK to each element that has one.
 *   Links and <details> work without code.
 * - a control inside an island without its own EARLY_CONTROL_ATTRIBUTE (unique in the island): a press or
 *   typed text before the island's code arrived is carried over by that identity.
 */
export function checkAdoptedPage(route: string, html: string): void {
  const { document } = new JSDOM(html).window;
  const page = document.querySelector(`[${STATIC_PAGE_ATTRIBUTE}]`);
  if (!page) return;
  const problems: string[] = [];
  const describe = (element: Element) => element.outerHTML.slice(0, 80);
  for (const island of page.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`)) {
    const keys = new Set<string>();
    for (const control of island.querySelectorAll(`${EARLY_PRESSABLE}, input, textarea, select`)) {
      const key = control.getAttribute(EARLY_CONTROL_ATTRIBUTE);
      if (key === null || keys.has(key))
        problems.push(
          `a control in an island without its own ${EARLY_CONTROL_ATTRIBUTE}: ${describe(control)}`,
        );
      else keys.add(key);
    }
  }
  page.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`).forEach((island) => island.remove());
  const controls = [...page.querySelectorAll(NEEDS_CODE)];
  if (controls.length > 0)
    problems.push(`controls outside an island of the adopted page: ${controls.map(describe).join('; ')}`);
  if (problems.length > 0) throw new Error(`Prerender of ${route} failed: ${problems.join('; ')}`);
}

async function readStylesheets(distDir: string, html: string): Promise<Map<string, string>> {
  const sheets = new Map<string, string>();
  for (const match of html.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g)) {
    sheets.set(match[0], await readFile(join(distDir, match[1] as string), 'utf8'));
  }
  return sheets;
}

/**
 * Puts the site's stylesheet inside each prerendered page: the first paint then needs no second request
 * (the largest contentful paint comes one round trip sooner on a phone). Client-rendered pages keep the link.
 */
export function inlineStylesheets(html: string, sheets: ReadonlyMap<string, string>): string {
  let result = html;
  for (const [link, css] of sheets)
    result = result.replace(link, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  return result;
}

/**
 * Starts the app's JavaScript once the prerendered page has painted its largest content (or, where the
 * browser cannot report that, after its first frame), so neither the download nor the evaluation of the
 * scripts competes with the first paint. The same text on every page, so the CSP needs one hash. It reads
 * the script lists from its own data attributes: data-entry (the entry), data-preload (the entry's static
 * imports and the page's chunks, fetched alongside it: no request waterfall) and data-banner (the cookie
 * banner's chunks, fetched too when the before-paint consent script has let the prerendered banner show). A
 * page is complete and readable without any of this.
 */
export const bootLoader =
  '(function(d){var s=d.currentScript,b=s.dataset,done=0;function go(){if(done)return;done=1;' +
  `(b.preload?b.preload.split(' '):[]).concat(b.banner&&d.documentElement.hasAttribute('${BANNER_ALLOWED_ATTRIBUTE}')?b.banner.split(' '):[]).forEach(function(h){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;d.head.appendChild(l)});` +
  "var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=b.entry;d.body.appendChild(e)}" +
  "var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('largest-contentful-paint')>=0)" +
  "new P(function(){setTimeout(go,0)}).observe({type:'largest-contentful-paint',buffered:true});" +
  'else requestAnimationFrame(function(){setTimeout(go,0)});setTimeout(go,3000)})(document)';

/** The loader tag that replaces the template's entry script on prerendered pages. */
export function bootScript(
  entry: string,
  preload: readonly string[],
  banner: readonly string[] = [],
): string {
  const list = (files: readonly string[]) => files.map((file) => `/${file}`).join(' ');
  const bannerAttribute = banner.length > 0 ? ` data-banner="${list(banner)}"` : '';
  return `<script data-entry="/${entry}" data-preload="${list(preload)}"${bannerAttribute}>${bootLoader}</script>`;
}

/** The cookie banner's module: src/main.tsx loads it before hydrating when the prerendered banner shows. */
const cookieBannerSource = 'src/features/consent/cookie-banner.tsx';

function collectChunks(manifest: Manifest, sourceFile: string, seen = new Set<string>()): string[] {
  const chunk = manifest[sourceFile];
  if (!chunk || seen.has(sourceFile)) return [];
  seen.add(sourceFile);
  return [
    chunk.file,
    ...(chunk.imports ?? []).flatMap((imported) => collectChunks(manifest, imported, seen)),
  ];
}

function outputFile(distDir: string, route: string): string {
  if (route === '/') return join(distDir, 'index.html');
  if (route === '/404') return join(distDir, '404.html');
  return join(distDir, route.slice(1), 'index.html');
}

/** Renders each route with the SSR bundle into the client's index.html template. */
export async function prerender(options: PrerenderOptions, routesToRender: readonly string[]) {
  const entry = (await import(pathToFileURL(options.ssrEntry).href)) as Entry;
  const template = await readFile(options.templateFile ?? join(options.distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(
    await readFile(join(options.distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const entryChunks = new Set(collectChunks(manifest, 'index.html'));
  // Vite's own preloading is off (build.modulePreload: false keeps its runtime helper out of the entry), so
  // the boot loader preloads the entry's static imports and the page's chunks beside it.
  const entryFile = manifest['index.html']?.file;
  if (!entryFile) throw new Error('Vite manifest has no entry for index.html');
  const entryImports = [...entryChunks].filter((file) => file !== entryFile);
  const bannerChunks = collectChunks(manifest, cookieBannerSource).filter((file) => !entryChunks.has(file));
  if (bannerChunks.length === 0) throw new Error(`Vite manifest has no chunk for ${cookieBannerSource}`);
  const entryTag = new RegExp(`<script type="module"[^>]*src="/${entryFile}"[^>]*></script>`);
  if (!entryTag.test(template)) throw new Error(`index.html does not load /${entryFile}`);

  const stylesheets = await readStylesheets(options.distDir, template);
  const pages: PrerenderedPage[] = [];
  for (const route of routesToRender) {
    const result = await entry.render(route === '/404' ? '/__not-found__' : route);
    const expectedStatus = route === '/404' ? 404 : 200;
    if (result.statusCode !== expectedStatus) {
      throw new Error(
        `Prerender of ${route} rendered status ${result.statusCode}, expected ${expectedStatus}`,
      );
    }
    const { head, body } = splitHoistedHead(result.html);
    const pageChunks = [
      ...new Set(result.moduleFiles.flatMap((file) => collectChunks(manifest, file))),
    ].filter((file) => !entryChunks.has(file));
    const html = inlineStylesheets(
      template
        .replace('<!--app-head-->', head.map(markPrerendered).join('\n    '))
        .replace('<!--app-html-->', body)
        .replace(entryTag, () => bootScript(entryFile, [...entryImports, ...pageChunks], bannerChunks)),
      stylesheets,
    );
    checkPage(route, html, route !== '/404');
    checkAdoptedPage(route, body);
    options.checkBeforeWrite?.(route, html);
    const file = outputFile(options.distDir, route);
    await mkdir(dirname(file), { recursive: true });
    // Atomic: the catalogue pages are rendered again while the site is served (scripts/rebuild-catalogue-pages.ts).
    await writeFileAtomic(file, html);
    pages.push({ route, file, html });
  }
  return { pages, entry, template };
}

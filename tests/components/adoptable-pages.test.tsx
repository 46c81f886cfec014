import { act } from '@testing-library/react';
import { StrictMode, type ElementType } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkAdoptedPage } from '../../scripts/prerender';
import { App } from '@/app/app';
import { isIslandName } from '@/app/islands';
import { preloadPage } from '@/app/router';
import { pages } from '@/config/paths';
import {
  CLICK_HANDLER_MARK,
  ISLAND_ATTRIBUTE,
  STATIC_PAGE_ATTRIBUTE,
} from '@/components/island/island-attributes';
import { preloadCookieBanner } from '@/features/consent/cookie-banner-host';

// A marketing page is adopted on its first load exactly as prerendered (src/app/adopted-page.tsx): the same
// markup for every visitor, working without the page's code. Two guarantees are checked here for every
// adoptable route: nothing outside its islands needs code (checkAdoptedPage, with each element rendered with an
// onClick marked, which markup cannot show by itself), and nothing in it comes from the database, the URL or
// browser storage (the page rendered in the browser with all three differing is the prerendered page).

const marking = vi.hoisted(() => ({ on: false }));

/** The JSX runtime, marking each element rendered with an onClick handler while `marking.on`. */
async function markedRuntime(original: Record<string, unknown>) {
  // A link's own handler (React Router's <Link> following it in the app) is what the adopted page does for
  // every link: React Router renders its anchor with createElement, not this runtime, so it is not marked.
  const mark = (props: Record<string, unknown> | null) =>
    marking.on && props && typeof props.onClick === 'function'
      ? { ...props, 'data-click-handler': '' }
      : props;
  const wrap =
    (name: string) =>
    (type: ElementType, props: Record<string, unknown> | null, ...rest: unknown[]) =>
      (original[name] as (...args: unknown[]) => unknown)(type, mark(props), ...rest);
  return { ...original, jsx: wrap('jsx'), jsxs: wrap('jsxs'), jsxDEV: wrap('jsxDEV') };
}
vi.mock('react/jsx-runtime', async (importOriginal) => markedRuntime(await importOriginal()));
vi.mock('react/jsx-dev-runtime', async (importOriginal) => markedRuntime(await importOriginal()));

const adoptable = Object.values(pages)
  .filter((page) => page.render === 'adopted')
  .map((page) => page.path);

async function prerender(path: string): Promise<string> {
  await Promise.all([preloadPage(path), preloadCookieBanner()]);
  return renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
}

/** A node as content: tags, attributes (sorted; style as the browser reads it) and text, nothing else. */
function canonical(node: Node): string {
  if (node instanceof Text) return node.data;
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes]
    .map(({ name, value }) =>
      name === 'style' && node instanceof HTMLElement
        ? `style=${node.style.cssText}`
        : `${name}=${value.replace(/«[^»]*»|_[rR]_[0-9a-z]+_/g, 'ID')}`,
    )
    .sort();
  return `<${node.tagName} ${attributes.join(' ')}>${[...node.childNodes].map(canonical).join('')}</${node.tagName}>`;
}

/**
 * The adopted part of a document, as content. Islands are their own code's (it may show what the browser
 * knows, e.g. the booking calendar once functional cookies are allowed): left out, their wrappers kept.
 */
function staticPage(root: ParentNode): string {
  const page = root.querySelector(`[${STATIC_PAGE_ATTRIBUTE}]`)?.cloneNode(true);
  if (!(page instanceof Element)) throw new Error('no adoptable page rendered');
  page.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`).forEach((island) => island.replaceChildren());
  return canonical(page);
}

beforeEach(() => {
  localStorage.clear();
  marking.on = false;
});
afterEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
});

describe('every adoptable page', () => {
  it.each(adoptable)('%s: needs no code outside its islands, links with click handlers included', async (path) => {
    marking.on = true;
    const html = await prerender(path);
    marking.on = false;
    // The marked render does mark (the chrome's menu button has a handler), so a page without marks is clean.
    expect(html).toContain(CLICK_HANDLER_MARK);
    expect(() => checkAdoptedPage(path, html)).not.toThrow();
  });

  it.each(adoptable)('%s: names only islands that have a module', async (path) => {
    const container = document.createElement('div');
    container.innerHTML = await prerender(path);
    for (const island of container.querySelectorAll(`[${ISLAND_ATTRIBUTE}]`))
      expect(isIslandName(island.getAttribute(ISLAND_ATTRIBUTE)), island.outerHTML.slice(0, 80)).toBe(true);
  });

  it.each(adoptable)('%s: renders nothing from the database, the URL or storage', async (path) => {
    const container = document.createElement('div');
    container.innerHTML = await prerender(path);
    const prerendered = staticPage(container);

    // A returning visitor with everything stored, arriving from a campaign link, with a backend that answers.
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem(
      'cookie-preferences',
      JSON.stringify({ essential: true, analytics: true, functional: true, marketing: true }),
    );
    localStorage.setItem('accessibility-settings', JSON.stringify({ fontSize: 'large', highContrast: true }));
    localStorage.setItem('cart', JSON.stringify([{ id: 'p1', title: 'Stored item', price: 1000, quantity: 2 }]));
    const backend = vi.fn(async () => Response.json([{ id: 'p1', title: 'From the database', price: 1 }]));
    vi.stubGlobal('fetch', backend);
    window.history.replaceState(null, '', `${path}?tab=signup&q=refund&utm_source=mail#faq-3`);

    const browser = document.createElement('div');
    document.body.append(browser);
    const root = createRoot(browser);
    await act(async () => {
      root.render(
        <StrictMode>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </StrictMode>,
      );
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(staticPage(browser)).toEqual(prerendered);
    const pageRequests = backend.mock.calls.filter((call: unknown[]) =>
      /\/(rest|functions|storage)\/v1\//.test(String(call[0])),
    );
    expect(pageRequests).toEqual([]);
    act(() => root.unmount());
    browser.remove();
  });
});

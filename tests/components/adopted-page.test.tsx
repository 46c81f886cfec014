import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareAdoption } from '@/app/adopted-page';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router';
import { paths } from '@/config/paths';
import { faqEntries } from '@/content/faq-entries';
import { preloadCookieBanner } from '@/features/consent/cookie-banner-host';

const LOAD = { timeout: 5000 };

/**
 * A marketing page as the prerender step writes it (page markup in #root, its head tags marked), then loaded
 * as src/main.tsx does: adopt, hydrate.
 */
async function firstLoad(path: string): Promise<{ container: HTMLElement; root: Root }> {
  await Promise.all([preloadPage(path), preloadCookieBanner()]);
  const markup = renderToString(
    <StrictMode>
      <StaticRouter location={path}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  // React emits the hoisted <title>/<meta>/<link> first; the prerender step moves them into <head>.
  const head = /^(?:<(?:title|meta|link)\b[^>]*>(?:[^<]*<\/title>)?)*/.exec(markup)?.[0] ?? '';
  document.head.innerHTML = head.replace(/<(title|meta|link)\b/g, '<$1 data-prerendered=""');
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = markup.slice(head.length);
  document.body.append(container);
  window.history.replaceState(null, '', path);
  expect(await prepareAdoption(container, path)).toBe(true);
  let root!: Root;
  act(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </StrictMode>,
    );
  });
  await waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'), LOAD);
  return { container, root };
}

let mounted: { container: HTMLElement; root: Root } | null = null;
let errors: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.hydrated;
  errors = vi.spyOn(console, 'error');
});
afterEach(() => {
  if (mounted) {
    const { root, container } = mounted;
    act(() => root.unmount());
    container.remove();
    mounted = null;
  }
  window.history.replaceState(null, '', '/');
  document.head.innerHTML = '';
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

describe('a marketing page’s first load', () => {
  it('keeps the prerendered page as it is: the same elements, its head tags, and no hydration error', async () => {
    mounted = await firstLoad(paths.contact);
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.closest('[data-static-page]')).not.toBeNull();
    expect(document.title).toMatch(/^Contact/);
    expect(document.head.querySelectorAll('[data-prerendered]').length).toBeGreaterThan(3);
    // React did not hydrate the page's elements (a hydrated element carries React's fiber), and nothing
    // replaced them afterwards: the element prerendered is the one still shown.
    const hydratedByReact = (element: Element) =>
      Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    expect(hydratedByReact(heading)).toBe(false);
    expect(hydratedByReact(document.querySelector('header')!)).toBe(true);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(heading.isConnected).toBe(true);
  });

  it('follows a link of the adopted markup in the app, and the next page replaces its head tags', async () => {
    const user = userEvent.setup();
    mounted = await firstLoad(paths.faq);
    const contactLink = within(screen.getByRole('main')).getByRole('link', { name: /Contact Us/ });
    await user.click(contactLink);
    expect(window.location.pathname).toBe(paths.contact);
    expect(await screen.findByRole('heading', { level: 1, name: /Contact/ }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Contact/), LOAD);
    expect(document.head.querySelectorAll('[data-prerendered]')).toHaveLength(0);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });

  it('leaves modified clicks, new-tab links and jumps within the page to the browser', async () => {
    mounted = await firstLoad(paths.virtualAppointments);
    const main = screen.getByRole('main');
    const contact = within(main).getByRole('link', { name: 'Ask a Question First' });
    contact.addEventListener('click', (event) => event.preventDefault()); // jsdom cannot load documents
    contact.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    const booking = within(main).getAllByRole('link', {
      name: /opens the booking calendar in a new tab/,
    })[0]!;
    booking.addEventListener('click', (event) => event.preventDefault());
    booking.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(window.location.pathname).toBe(paths.virtualAppointments);
  });

  it('mounts /faq’s search over its prerendered markup: it filters the entries read from the page', async () => {
    const user = userEvent.setup();
    mounted = await firstLoad(paths.faq);
    const results = () => screen.getByText(/^Showing \d+ of/);
    expect(results()).toHaveTextContent(`Showing ${faqEntries.length} of ${faqEntries.length} questions`);
    await user.type(screen.getByRole('searchbox', { name: 'Search the questions' }), 'refund');
    const expected = faqEntries.filter((e) => /refund/i.test(`${e.question} ${e.answer}`)).length;
    expect(results()).toHaveTextContent(
      `Showing ${expected} of ${faqEntries.length} questions matching "refund"`,
    );
    await user.click(screen.getByRole('button', { name: /^Privacy & Security/ }));
    expect(screen.getByRole('heading', { name: 'No questions found' })).toBeInTheDocument();
    // One search box: the island replaced the prerendered one, it did not add a second.
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
  });

  it('mounts /virtual-appointments’ tabs with the panels’ prerendered content, and the arrow keys move between them', async () => {
    const user = userEvent.setup();
    mounted = await firstLoad(paths.virtualAppointments);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.length).toBeGreaterThan(1);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    await user.click(tabs[1]!);
    expect(screen.getAllByRole('tab')[1]).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByRole('heading', { level: 3 })).toHaveTextContent(tabs[1]!.textContent ?? '');
    await user.keyboard('{ArrowRight}');
    expect(screen.getAllByRole('tab')[2]).toHaveFocus();
    // A link inside an adopted panel is followed in the app too.
    await user.click(within(screen.getByRole('tabpanel')).getByRole('link', { name: /Learn More/ }));
    await waitFor(() => expect(window.location.pathname).not.toBe(paths.virtualAppointments), LOAD);
  });

  describe('an island far down the page (the booking calendar)', () => {
    let intersect: (() => void) | null = null;
    beforeEach(() => {
      intersect = null;
      class FakeIntersectionObserver {
        constructor(private callback: IntersectionObserverCallback) {}
        observe() {
          intersect = () =>
            this.callback([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
        }
        disconnect() {}
      }
      vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    });
    afterEach(() => vi.unstubAllGlobals());

    const hydratedByReact = (element: Element) =>
      Object.keys(element).some((key) => key.startsWith('__reactFiber$'));
    const loadButton = () => screen.getByRole('button', { name: 'Load calendar' });

    it('mounts only when it nears the viewport', async () => {
      mounted = await firstLoad(paths.virtualAppointments);
      const prerendered = loadButton();
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(hydratedByReact(loadButton())).toBe(false);
      act(() => intersect?.());
      await waitFor(() => expect(hydratedByReact(loadButton())).toBe(true), LOAD);
      expect(prerendered.isConnected).toBe(false);
    });

    it('passes on a press made before its code arrived', async () => {
      const user = userEvent.setup();
      mounted = await firstLoad(paths.virtualAppointments);
      await user.click(loadButton());
      // The press loaded the island, which then took it: the calendar starts loading (the scheduler is
      // unreachable here) and the button is gone.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Load calendar' })).toBeNull(), LOAD);
      expect(screen.getByRole('region', { name: 'Booking calendar' })).toHaveFocus();
    });
  });
});

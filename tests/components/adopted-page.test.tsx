import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BrowserRouter, StaticRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareAdoption } from '@/app/adopted-page';
import { App } from '@/app/app';
import { preloadPage } from '@/app/router';
import { paths } from '@/config/paths';
import { faqEntries } from '@/content/faq-entries';
import { preloadCookieBanner } from '@/features/consent/cookie-banner-host';
import { earlyInputScript } from '@/lib/early-input-script';

const LOAD = { timeout: 5000 };

// The before-paint early-input script, as index.html runs it (once per document).
beforeAll(() => {
  new Function(earlyInputScript)();
});

/**
 * A marketing page as the prerender step writes it (page markup in #root, its head tags marked), then loaded
 * as src/main.tsx does: adopt, hydrate. `beforeCode` acts on the prerendered page before any code runs.
 */
async function firstLoad(
  path: string,
  beforeCode?: () => Promise<void>,
): Promise<{ container: HTMLElement; root: Root }> {
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
  document.head.innerHTML = head
    .replace(/ data-page-head=""/g, '')
    .replace(/<(title|meta|link)\b/g, '<$1 data-prerendered=""');
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = markup.slice(head.length);
  document.body.append(container);
  window.history.replaceState(null, '', path);
  await beforeCode?.();
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
    // Nothing replaced the page's elements: the element prerendered is the one still shown.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(heading.isConnected).toBe(true);
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });

  it('follows a link of the adopted markup in the app, and the next page replaces its head tags', async () => {
    const user = userEvent.setup();
    mounted = await firstLoad(paths.faq);
    const contactLink = within(screen.getByRole('main')).getByRole('link', { name: /Contact Us/ });
    await user.click(contactLink);
    expect(window.location.pathname).toBe(paths.contact);
    expect(await screen.findByRole('heading', { level: 1, name: /Contact/ }, LOAD)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Contact/), LOAD);
    // The prerendered tags were replaced (React may reuse one for the page's own, which then carries its mark).
    expect(document.head.querySelectorAll('[data-prerendered]:not([data-page-head])')).toHaveLength(0);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
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

  it('takes over text typed and the caret in /faq’s search box before its code arrived', async () => {
    mounted = await firstLoad(paths.faq, async () => {
      const box = screen.getByRole('searchbox', { name: 'Search the questions' }) as HTMLInputElement;
      box.focus();
      box.value = 'refund';
      box.setSelectionRange(3, 3);
    });
    const box = screen.getByRole('searchbox', { name: 'Search the questions' }) as HTMLInputElement;
    await waitFor(() => expect(screen.getByText(/^Showing \d+ of/)).toHaveTextContent(/matching "refund"/), LOAD);
    expect(box).toHaveValue('refund');
    expect(box).toHaveFocus();
    expect([box.selectionStart, box.selectionEnd]).toEqual([3, 3]);
    expect(screen.getAllByRole('searchbox')).toHaveLength(1);
  });

  it('selects the tab pressed before the code arrived, by its id, and keeps the panels’ own nodes', async () => {
    const user = userEvent.setup();
    let pressed = '';
    let panelLink: Element | null = null;
    mounted = await firstLoad(paths.virtualAppointments, async () => {
      const tab = screen.getAllByRole('tab')[2]!;
      pressed = tab.textContent ?? '';
      panelLink = screen.getAllByRole('tabpanel', { hidden: true })[0]!.querySelector('a');
      await user.click(tab);
    });
    await waitFor(() => expect(screen.getByRole('tab', { name: pressed })).toHaveAttribute('aria-selected', 'true'), LOAD);
    expect(screen.getAllByRole('tab', { selected: true })).toHaveLength(1);
    // The first panel's link is the prerendered element itself, moved into the island's panel.
    expect(panelLink).not.toBeNull();
    expect(panelLink!.isConnected).toBe(true);
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

    const loadButton = () => screen.getByRole('button', { name: 'Load calendar' });

    it('mounts only when it nears the viewport', async () => {
      mounted = await firstLoad(paths.virtualAppointments);
      const prerendered = loadButton();
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      // Still the prerendered element: the island has not mounted.
      expect(loadButton()).toBe(prerendered);
      act(() => intersect?.());
      await waitFor(() => expect(prerendered.isConnected).toBe(false), LOAD);
      expect(loadButton()).not.toBe(prerendered);
    });

    it('passes on a press made before its code arrived, to the same control', async () => {
      const user = userEvent.setup();
      mounted = await firstLoad(paths.virtualAppointments);
      await user.click(loadButton());
      // The press loaded the island, which then took it: the calendar starts loading (the scheduler is
      // unreachable here) and the button is gone.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Load calendar' })).toBeNull(), LOAD);
      expect(screen.getByRole('region', { name: 'Booking calendar' })).toHaveFocus();
    });

    it('presses nothing else for a visitor who has consented (the island has no such control)', async () => {
      const user = userEvent.setup();
      // Functional cookies allowed: the island shows the calendar itself, with no 'Load calendar' button,
      // while the prerendered markup (the same for everyone) has one.
      localStorage.setItem('cookie-consent', 'true');
      localStorage.setItem(
        'cookie-preferences',
        JSON.stringify({ essential: true, analytics: false, functional: true, marketing: false }),
      );
      mounted = await firstLoad(paths.virtualAppointments);
      // Every click that reaches the page past the early-input script (which holds back an early press).
      const clicks: Element[] = [];
      const record = (event: MouseEvent) => clicks.push(event.target as Element);
      document.addEventListener('click', record, true);
      await user.click(loadButton());
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Load calendar' })).toBeNull(), LOAD);
      await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
      document.removeEventListener('click', record, true);
      // By position, the press would have gone to another control of the island; by identity, to none.
      expect(clicks).toHaveLength(0);
      expect(window.location.pathname).toBe(paths.virtualAppointments);
    });
  });
});

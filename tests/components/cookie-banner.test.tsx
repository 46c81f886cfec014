import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFunctionalConsent } from '@/features/booking/functional-consent';
import { BANNER_ALLOWED_ATTRIBUTE } from '@/features/consent/consent-script';
import { resetConsentStoreForTests } from '@/features/consent/consent-store';
import { CookieBannerHost, preloadCookieBanner } from '@/features/consent/cookie-banner-host';
import { CookieConsentProvider, useCookieConsent } from '@/features/consent/cookie-consent-provider';
import { CookieSettingsLink } from '@/features/consent/cookie-settings-link';

const LOAD = { timeout: 5000 };

function ConsentProbe() {
  const { hasConsented, preferences } = useCookieConsent();
  const functional = useFunctionalConsent();
  return (
    <p data-testid="probe">
      {JSON.stringify({ hasConsented, preferences })} functional-consent:{String(functional)}
    </p>
  );
}

function Page() {
  return (
    <StrictMode>
      <MemoryRouter>
        <CookieConsentProvider>
          <CookieBannerHost />
          <main tabIndex={-1}>
            <h1>Page</h1>
            <ConsentProbe />
          </main>
          <footer>
            <ul>
              <CookieSettingsLink />
            </ul>
          </footer>
        </CookieConsentProvider>
      </MemoryRouter>
    </StrictMode>
  );
}

const banner = () => screen.findByRole('region', { name: 'Cookies on this site' }, LOAD);
const queryBanner = () => document.getElementById('cookie-banner');
const stored = () => ({
  consent: localStorage.getItem('cookie-consent'),
  preferences: JSON.parse(localStorage.getItem('cookie-preferences') ?? 'null') as unknown,
});

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  resetConsentStoreForTests();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('cookie banner: first visit', () => {
  it('appears when no consent is stored, with equal Essential Only and Accept All buttons', async () => {
    render(<Page />);
    const region = await banner();
    const essential = within(region).getByRole('button', { name: 'Essential Only' });
    const all = within(region).getByRole('button', { name: 'Accept All' });
    expect(essential.className).toBe(all.className);
    expect(within(region).getByRole('button', { name: 'Customize' })).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Read our privacy policy' })).toHaveAttribute('href', '/privacy-policy');
    // It does not pull focus away from the page when it appears by itself.
    expect(region.contains(document.activeElement)).toBe(false);
    // Nothing is stored until the visitor chooses.
    expect(localStorage.length).toBe(0);
  });

  it("'Essential Only' stores only essential and closes", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(within(await banner()).getByRole('button', { name: 'Essential Only' }));
    expect(queryBanner()).toBeNull();
    expect(stored()).toEqual({
      consent: 'true',
      preferences: { essential: true, analytics: false, functional: false, marketing: false },
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('functional-consent:false');
  });

  it("'Accept All' stores all four true, closes, and the booking feature sees functional consent", async () => {
    const user = userEvent.setup();
    render(<Page />);
    expect(screen.getByTestId('probe')).toHaveTextContent('functional-consent:false');
    await user.click(within(await banner()).getByRole('button', { name: 'Accept All' }));
    expect(queryBanner()).toBeNull();
    expect(stored()).toEqual({
      consent: 'true',
      preferences: { essential: true, analytics: true, functional: true, marketing: true },
    });
    expect(screen.getByTestId('probe')).toHaveTextContent('"hasConsented":true');
    expect(screen.getByTestId('probe')).toHaveTextContent('functional-consent:true');
  });

  it("'Customize' shows a switch per category, essential locked on; 'Back' returns; 'Save Preferences' saves", async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(within(await banner()).getByRole('button', { name: 'Customize' }));
    const region = screen.getByRole('region', { name: 'Cookie preferences' });
    expect(within(region).getByRole('heading', { name: 'Cookie preferences' })).toHaveFocus();

    const essential = within(region).getByRole('switch', { name: 'Essential' });
    expect(essential).toBeChecked();
    expect(essential).toBeDisabled();
    expect(essential).toHaveAccessibleDescription(/cannot be turned off/);
    expect(within(region).getByText('Always on')).toBeVisible();
    for (const name of ['Functional', 'Analytics', 'Marketing']) {
      const toggle = within(region).getByRole('switch', { name });
      expect(toggle).not.toBeChecked();
      expect(toggle).toBeEnabled();
    }

    await user.click(within(region).getByRole('switch', { name: 'Functional' }));
    await user.click(within(region).getByRole('button', { name: 'Back' }));
    const summary = screen.getByRole('region', { name: 'Cookies on this site' });
    expect(within(summary).getByRole('button', { name: 'Customize' })).toHaveFocus();
    expect(localStorage.length).toBe(0);

    await user.click(within(summary).getByRole('button', { name: 'Customize' }));
    // The choice made before 'Back' is still there.
    expect(screen.getByRole('switch', { name: 'Functional' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Marketing' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(queryBanner()).toBeNull();
    expect(stored()).toEqual({
      consent: 'true',
      preferences: { essential: true, analytics: false, functional: true, marketing: true },
    });
  });

  it('the close icon hides it without saving; it comes back on the next visit', async () => {
    const user = userEvent.setup();
    const first = render(<Page />);
    await user.click(within(await banner()).getByRole('button', { name: 'Close cookie banner without saving' }));
    expect(queryBanner()).toBeNull();
    expect(localStorage.length).toBe(0);
    first.unmount();

    resetConsentStoreForTests();
    render(<Page />);
    expect(await banner()).toBeInTheDocument();
  });

  it('Escape hides it without saving', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const region = await banner();
    within(region).getByRole('button', { name: 'Accept All' }).focus();
    await user.keyboard('{Escape}');
    expect(queryBanner()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('works from the keyboard alone, then hands focus to the main content', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const region = await banner();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Essential Only' })).toHaveFocus();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Accept All' })).toHaveFocus();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Customize' })).toHaveFocus();
    await user.tab();
    expect(within(region).getByRole('link', { name: 'Read our privacy policy' })).toHaveFocus();
    await user.tab();
    expect(within(region).getByRole('button', { name: 'Close cookie banner without saving' })).toHaveFocus();
    await user.tab({ shift: true });
    await user.tab({ shift: true });
    await user.keyboard('{Enter}');
    expect(screen.getByRole('heading', { name: 'Cookie preferences' })).toHaveFocus();
    await user.tab(); // functional (essential is locked, so not focusable)
    expect(screen.getByRole('switch', { name: 'Functional' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('switch', { name: 'Functional' })).toBeChecked();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save Preferences' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(queryBanner()).toBeNull();
    expect(stored().preferences).toEqual({ essential: true, analytics: false, functional: true, marketing: false });
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
  });
});

describe('cookie banner: returning visitor', () => {
  beforeEach(() => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem(
      'cookie-preferences',
      JSON.stringify({ essential: true, analytics: false, functional: true, marketing: false }),
    );
  });

  it('is not shown when consent is stored', async () => {
    render(<Page />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(queryBanner()).toBeNull();
    expect(screen.getByTestId('probe')).toHaveTextContent('"functional":true');
  });

  it("'Cookie settings' reopens it with the current choices, takes focus, and gives focus back on close", async () => {
    const user = userEvent.setup();
    render(<Page />);
    const link = screen.getByRole('button', { name: 'Cookie settings' });
    expect(link).toHaveAttribute('aria-expanded', 'false');
    await user.click(link);
    const region = await banner();
    expect(link).toHaveAttribute('aria-expanded', 'true');
    expect(within(region).getByRole('heading', { name: 'Cookies on this site' })).toHaveFocus();
    expect(region).toHaveTextContent('Your current choice: essential cookies plus functional.');

    await user.click(within(region).getByRole('button', { name: 'Customize' }));
    expect(screen.getByRole('switch', { name: 'Functional' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Close cookie banner without saving' }));
    expect(queryBanner()).toBeNull();
    await waitFor(() => expect(link).toHaveFocus());
    expect(stored().preferences).toEqual({ essential: true, analytics: false, functional: true, marketing: false });
  });

  it('lets consent be withdrawn: Essential Only after Accept All', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Cookie settings' }));
    await user.click(within(await banner()).getByRole('button', { name: 'Essential Only' }));
    expect(stored().preferences).toEqual({ essential: true, analytics: false, functional: false, marketing: false });
    expect(screen.getByTestId('probe')).toHaveTextContent('functional-consent:false');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cookie settings' })).toHaveFocus());
  });

  it('keeps the defaults with the spec warning when the stored preferences are corrupt', async () => {
    localStorage.setItem('cookie-preferences', '{not json');
    render(<Page />);
    expect(screen.getByTestId('probe')).toHaveTextContent(
      '{"hasConsented":true,"preferences":{"essential":true,"analytics":false,"functional":false,"marketing":false}}',
    );
    expect(warn).toHaveBeenCalledWith('Failed to parse cookie preferences');
    expect(queryBanner()).toBeNull();
  });
});

describe('cookie consent provider', () => {
  it('throws when used outside its provider', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(<ConsentProbe />)).toThrow('useCookieConsent must be used within CookieConsentProvider');
    } finally {
      error.mockRestore();
    }
  });

  /**
   * The page as the prerender step writes it, the banner included. (The prerender waits for the banner's code;
   * here it is loaded first, so renderToString has it: a Fizz render that suspends in this realm would leave
   * its context values behind for the client renderer.)
   */
  async function prerendered(): Promise<HTMLElement> {
    await preloadCookieBanner();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page />);
    document.body.appendChild(container);
    return container;
  }

  async function hydrate(container: HTMLElement) {
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Page />, { onRecoverableError: recoverable });
    });
    return recoverable;
  }

  it('a first visit: the banner is in the prerendered HTML and hydrates with the page, unchanged', async () => {
    const container = await prerendered();
    expect(container.querySelector('#cookie-banner')).not.toBeNull();
    const prerenderedBanner = container.querySelector('#cookie-banner');
    const recoverable = await hydrate(container);
    // The same element, hydrated in place (not thrown away and rendered again), and it works.
    expect(container.querySelector('#cookie-banner')).toBe(prerenderedBanner);
    await userEvent.click(within(container).getByRole('button', { name: 'Essential Only' }));
    await waitFor(() => expect(container.querySelector('#cookie-banner')).toBeNull(), LOAD);
    expect(stored().consent).toBe('true');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });

  it('a visitor who has chosen: the prerendered banner goes after hydration, then may be reopened', async () => {
    localStorage.setItem('cookie-consent', 'true');
    localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true, analytics: false, functional: true, marketing: false }));
    document.documentElement.removeAttribute(BANNER_ALLOWED_ATTRIBUTE);
    const container = await prerendered();
    expect(container.querySelector('#cookie-banner')).not.toBeNull();
    // The stylesheet hides the banner until <html> allows it: that must come after the banner has gone.
    const order: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') order.push('allowed');
        else if ([...record.removedNodes].some((node) => node instanceof Element && node.id === 'cookie-banner'))
          order.push('banner removed');
      }
    });
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: [BANNER_ALLOWED_ATTRIBUTE],
      childList: true,
      subtree: true,
    });
    const recoverable = await hydrate(container);
    await waitFor(() => expect(container.querySelector('#cookie-banner')).toBeNull(), LOAD);
    await waitFor(() => expect(order).toEqual(['banner removed', 'allowed']), LOAD);
    observer.disconnect();
    expect(within(container).getByTestId('probe')).toHaveTextContent('functional-consent:true');
    await userEvent.click(within(container).getByRole('button', { name: 'Cookie settings' }));
    expect(await within(container).findByRole('region', { name: 'Cookies on this site' }, LOAD)).toBeVisible();
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });
});

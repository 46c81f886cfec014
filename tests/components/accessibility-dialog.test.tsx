import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppLink } from '@/components/ui/app-link';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessibilityProvider, useAccessibilitySettings } from '@/features/accessibility/accessibility-provider';
import { AccessibilitySettingsButton } from '@/features/accessibility/accessibility-settings-button';
import { RouteAnnouncer } from '@/features/accessibility/route-announcer';
import { resetSettingsStoreForTests } from '@/features/accessibility/settings-store';
import { toast } from '@/lib/toast';

const LOAD = { timeout: 5000 };
const root = document.documentElement;

function TitledPage({ title }: { title: string }) {
  return (
    <>
      <title>{title}</title>
      <h1>{title}</h1>
    </>
  );
}

function App() {
  return (
    <StrictMode>
      <MemoryRouter>
        <AccessibilityProvider>
          <RouteAnnouncer />
          <header>
            <AccessibilitySettingsButton />
            <AppLink to="/about">About</AppLink>
          </header>
          <main>
            <Routes>
              <Route path="/" element={<TitledPage title="Home | Practice" />} />
              <Route path="/about" element={<TitledPage title="About | Practice" />} />
            </Routes>
          </main>
        </AccessibilityProvider>
      </MemoryRouter>
    </StrictMode>
  );
}

const storedSettings = () => JSON.parse(localStorage.getItem('accessibility-settings') ?? 'null') as unknown;
const announcer = () => document.getElementById('a11y-announcer') as HTMLElement;

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Accessibility settings' }));
  return screen.findByRole('dialog', { name: 'Accessibility settings' }, LOAD);
}

beforeEach(() => {
  localStorage.clear();
  resetSettingsStoreForTests();
  root.className = '';
  root.removeAttribute('data-font-size');
  document.title = '';
});
afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

describe('accessibility settings dialog', () => {
  it('opens from a labelled header button and shows the defaults', async () => {
    const user = userEvent.setup();
    render(<App />);
    const button = screen.getByRole('button', { name: 'Accessibility settings' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const dialog = await openDialog(user);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveAccessibleDescription('Changes apply straight away and are remembered on this device.');
    expect(within(dialog).getByRole('switch', { name: 'High contrast' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Reduce motion' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Screen reader announcements' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Strong focus outlines' })).toBeChecked();
    const sizes = within(dialog).getByRole('group', { name: 'Font size' });
    expect(within(sizes).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'small',
      'medium',
      'large',
      'extra-large',
    ]);
    expect(within(sizes).getByRole('radio', { name: 'Medium' })).toBeChecked();
    // Opening changes nothing.
    expect(localStorage.getItem('accessibility-settings')).toBeNull();
  });

  it('applies each switch at once on <html> and stores it', async () => {
    const user = userEvent.setup();
    render(<App />);
    const dialog = await openDialog(user);

    await user.click(within(dialog).getByRole('switch', { name: 'High contrast' }));
    expect(root).toHaveClass('high-contrast');
    expect(storedSettings()).toMatchObject({ highContrast: true });

    await user.click(within(dialog).getByRole('switch', { name: 'Reduce motion' }));
    expect(root).toHaveClass('reduce-motion');
    expect(storedSettings()).toMatchObject({ reducedMotion: true });

    await user.click(within(dialog).getByRole('switch', { name: 'Strong focus outlines' }));
    expect(root).not.toHaveClass('keyboard-navigation');
    expect(storedSettings()).toMatchObject({ keyboardNavigation: false });

    await user.click(within(dialog).getByRole('switch', { name: 'Screen reader announcements' }));
    expect(storedSettings()).toMatchObject({ announcements: false });

    expect(storedSettings()).toEqual({
      highContrast: true,
      reducedMotion: true,
      fontSize: 'medium',
      announcements: false,
      keyboardNavigation: false,
    });
  });

  it('sets the font size from the radio group', async () => {
    const user = userEvent.setup();
    render(<App />);
    const dialog = await openDialog(user);
    for (const [name, value] of [
      ['Small', 'small'],
      ['Large', 'large'],
      ['Extra large', 'extra-large'],
      ['Medium', 'medium'],
    ] as const) {
      await user.click(within(dialog).getByRole('radio', { name }));
      expect(root.dataset.fontSize).toBe(value);
      expect(storedSettings()).toMatchObject({ fontSize: value });
    }
  });

  it("'Reset to Defaults' restores the defaults", async () => {
    localStorage.setItem(
      'accessibility-settings',
      JSON.stringify({ highContrast: true, reducedMotion: true, fontSize: 'large', announcements: false, keyboardNavigation: false }),
    );
    const user = userEvent.setup();
    render(<App />);
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('switch', { name: 'High contrast' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Large' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Reset to Defaults' }));
    expect(within(dialog).getByRole('switch', { name: 'High contrast' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Reduce motion' })).not.toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Screen reader announcements' })).toBeChecked();
    expect(within(dialog).getByRole('switch', { name: 'Strong focus outlines' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Medium' })).toBeChecked();
    expect([...root.classList]).toEqual(['keyboard-navigation']);
    expect(root.dataset.fontSize).toBe('medium');
    expect(storedSettings()).toEqual({
      highContrast: false,
      reducedMotion: false,
      fontSize: 'medium',
      announcements: true,
      keyboardNavigation: true,
    });
  });

  it('defaults reduced motion to the system preference when nothing is stored', async () => {
    window.matchMedia = vi.fn().mockReturnValue({ matches: true }) as unknown as typeof window.matchMedia;
    const user = userEvent.setup();
    render(<App />);
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('switch', { name: 'Reduce motion' })).toBeChecked();
  });

  it('uses the defaults when the stored settings are corrupt', async () => {
    localStorage.setItem('accessibility-settings', '{"highContrast":tr');
    const user = userEvent.setup();
    render(<App />);
    const dialog = await openDialog(user);
    expect(within(dialog).getByRole('switch', { name: 'High contrast' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Medium' })).toBeChecked();
  });

  it.each([
    ['the close icon', 'Close accessibility settings'],
    ['Done', 'Done'],
  ])('closes with %s and returns focus to the header button', async (_label, name) => {
    const user = userEvent.setup();
    render(<App />);
    const dialog = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const button = screen.getByRole('button', { name: 'Accessibility settings' });
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape (the native cancel) and returns focus', async () => {
    const user = userEvent.setup();
    render(<App />);
    const dialog = await openDialog(user);
    // jsdom does not implement the dialog's Escape handling; fire what the browser does.
    act(() => {
      (dialog as HTMLDialogElement).close();
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Accessibility settings' })).toHaveFocus();
  });

  it('can be operated from the keyboard alone', async () => {
    const user = userEvent.setup();
    render(<App />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Accessibility settings' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    within(dialog).getByRole('button', { name: 'Close accessibility settings' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('switch', { name: 'High contrast' })).toHaveFocus();
    await user.keyboard(' ');
    expect(root).toHaveClass('high-contrast');
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(within(dialog).getByRole('radio', { name: 'Medium' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('radio', { name: 'Large' })).toBeChecked();
    expect(root.dataset.fontSize).toBe('large');
  });
});

describe('announcements', () => {
  it('announces the new page title after a navigation, not on the first page', async () => {
    const user = userEvent.setup();
    render(<App />);
    expect(announcer()).toHaveAttribute('aria-live', 'polite');
    expect(announcer()).toHaveTextContent('');
    await user.click(screen.getByRole('link', { name: 'About' }));
    await waitFor(() => expect(announcer()).toHaveTextContent('About | Practice'), LOAD);
  });

  it('announces toasts', async () => {
    render(<App />);
    act(() => toast.success('Added to Cart', { description: 'Confidence has been added.' }));
    await waitFor(() => expect(announcer()).toHaveTextContent('Added to Cart. Confidence has been added.'));
    act(() => toast.message('Added to Cart'));
    await waitFor(() => expect(announcer().textContent?.trim()).toBe('Added to Cart'));
  });

  it('stays silent when announcements are off', async () => {
    localStorage.setItem('accessibility-settings', '{"announcements":false}');
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('link', { name: 'About' }));
    act(() => toast.message('Payment Cancelled'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 400));
    });
    expect(announcer()).toHaveTextContent('');
  });
});

describe('accessibility provider', () => {
  it('throws when used outside its provider', () => {
    function Probe() {
      useAccessibilitySettings();
      return null;
    }
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(() => render(<Probe />)).toThrow('useAccessibilitySettings must be used within AccessibilityProvider');
    } finally {
      error.mockRestore();
    }
  });

  it('hydrates without a mismatch when stored settings differ from the defaults', async () => {
    const html = renderToString(<App />);
    localStorage.setItem('accessibility-settings', '{"highContrast":true,"announcements":false,"fontSize":"small"}');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <App />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });
});

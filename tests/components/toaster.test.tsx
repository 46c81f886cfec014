import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LazyToaster } from '@/components/ui/lazy-toaster';
import { AccessibilityProvider } from '@/features/accessibility/accessibility-provider';
import { toast } from '@/lib/toast';

const LOAD = { timeout: 5000 };

describe('toasts', () => {
  it('are shown by sonner and spoken once: by the site announcer, not by a second live region', async () => {
    render(
      <AccessibilityProvider>
        <LazyToaster />
      </AccessibilityProvider>,
    );
    act(() => toast.success('Added to Cart', { description: 'Confidence has been added.' }));
    // Sonner loads on the first toast and shows it.
    expect(await screen.findByText('Confidence has been added.', undefined, LOAD)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.getElementById('a11y-announcer')).toHaveTextContent('Added to Cart. Confidence has been added.'),
    );
    // Exactly one live region speaks the toast's text.
    const liveRegions = [...document.querySelectorAll('[aria-live]')].filter(
      (region) => region.getAttribute('aria-live') !== 'off' && region.textContent?.includes('Added to Cart'),
    );
    expect(liveRegions.map((region) => region.id)).toEqual(['a11y-announcer']);
    expect(document.querySelector('section[aria-label^="Notifications"]')).toHaveAttribute('aria-live', 'off');
  });
});

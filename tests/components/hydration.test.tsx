import { Suspense, useEffect, useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useHydrated, useHydratedStore } from '@/lib/hydration';
import { preloadableLazy } from '@/lib/preloadable-lazy';

// The browser knows something the prerender did not (a stored choice, a cart): each hydrated component shows
// the prerendered value first and the browser's in a later, low-priority render, never in a synchronous one
// straight after hydration (one long task on a phone). React hydrates a page's Suspense boundary in a later
// pass than the chrome around it, so that must hold there too.

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const browserValue = () => 'browser';
const serverValue = () => 'server';

/** Holds the main thread, as rendering a long list does on a phone. */
function busy(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // A transition's render yields to the browser between components once its few milliseconds are used.
  }
}

/** Renders the store's value; records what the DOM shows in a microtask after its effects. */
function Probe({ name, seen }: { name: string; seen: string[] }) {
  const value = useHydratedStore(subscribe, browserValue, serverValue);
  const hydrated = useHydrated();
  if (value === 'browser') busy(8);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // A synchronous re-render forced by the store would have updated the DOM before this microtask.
    queueMicrotask(() => seen.push(`${name}:${ref.current?.textContent ?? ''}`));
  }, [name, seen]);
  return (
    <span ref={ref} data-testid={name}>
      {value}/{String(hydrated)}
    </span>
  );
}

describe('useHydratedStore and useHydrated', () => {
  let seen: string[];
  const page = preloadableLazy(async () => {
    await Promise.resolve();
    return function Page() {
      return <Probe name="page" seen={seen} />;
    };
  });

  function App() {
    return (
      <div>
        <Probe name="chrome" seen={seen} />
        <Suspense fallback={<p>Loading</p>}>
          <page.Component />
        </Suspense>
      </div>
    );
  }

  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  beforeEach(() => {
    seen = [];
    // Real scheduling (no act()), so React's task boundaries are what the browser would see.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('hydrated components, the chrome and the page boundary, switch to the browser value in a later render', async () => {
    await page.preload();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<App />);
    document.body.appendChild(container);
    expect(container.textContent).toBe('server/falseserver/false');

    const recoverable = vi.fn();
    hydrateRoot(container, <App />, { onRecoverableError: recoverable });
    await vi.waitFor(() => expect(container.textContent).toBe('browser/truebrowser/true'));

    // What each component showed right after its own hydration's effects: still the prerendered value.
    expect(seen).toEqual(expect.arrayContaining(['chrome:server/false', 'page:server/false']));
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });

  it('a component rendered in the browser reads the store at once', async () => {
    await page.preload();
    const container = document.createElement('div');
    document.body.appendChild(container);
    const { createRoot } = await import('react-dom/client');
    const root = createRoot(container);
    root.render(<App />);
    await vi.waitFor(() => expect(container.textContent).toBe('browser/truebrowser/true'));
    // Passive effects (which record what was shown) may run after the commit that the wait above saw.
    await vi.waitFor(() =>
      expect(seen).toEqual(expect.arrayContaining(['chrome:browser/true', 'page:browser/true'])),
    );
    expect(seen.filter((entry) => entry.endsWith('server/false'))).toEqual([]);
    root.unmount();
    container.remove();
  });
});

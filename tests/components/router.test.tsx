import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  MemoryRouter,
  matchesPath,
  Navigate,
  StaticRouter,
  useLocation,
  useNavigate,
  useSearchParams,
  type NavigateFunction,
} from '@/lib/router';

let navigate: NavigateFunction = () => undefined;
let setParams: ReturnType<typeof useSearchParams>[1] = () => undefined;

function Probe() {
  navigate = useNavigate();
  const [params, set] = useSearchParams();
  setParams = set;
  const location = useLocation();
  return (
    <>
      <p data-testid="where">{`${location.pathname}${location.search}${location.hash}`}</p>
      <p data-testid="state">{JSON.stringify(location.state)}</p>
      <p data-testid="tab">{params.get('tab') ?? ''}</p>
    </>
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('BrowserRouter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));

  it('starts on the address bar and follows navigate() with history entries and their state', async () => {
    window.history.replaceState(null, '', '/faq?q=sleep#top');
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    expect(where()).toBe('/faq?q=sleep#top');
    expect(screen.getByTestId('state').textContent).toBe('null');
    const entries = window.history.length;

    act(() => navigate('/update-password', { state: { verified: true } }));
    expect(window.location.pathname).toBe('/update-password');
    expect(window.history.length).toBe(entries + 1);
    expect(where()).toBe('/update-password');
    expect(screen.getByTestId('state').textContent).toBe('{"verified":true}');

    act(() => navigate('/account', { replace: true }));
    expect(window.history.length).toBe(entries + 1);
    expect(where()).toBe('/account');

    // Back: the browser reports it with popstate, and the entry's state comes back with it.
    act(() => window.history.back());
    await waitFor(() => expect(where()).toBe('/faq?q=sleep#top'));
  });

  it('resolves a query against the current path, and sets the search params', () => {
    window.history.replaceState(null, '', '/auth?redirectTo=%2Faccount');
    render(
      <BrowserRouter>
        <Probe />
      </BrowserRouter>,
    );
    act(() =>
      setParams(
        (current) => {
          current.set('tab', 'signup');
          return current;
        },
        { replace: true },
      ),
    );
    expect(where()).toBe('/auth?redirectTo=%2Faccount&tab=signup');
    expect(screen.getByTestId('tab').textContent).toBe('signup');
    act(() => setParams(new URLSearchParams()));
    expect(where()).toBe('/auth');
  });

  it('<Navigate> replaces the entry it is rendered on', () => {
    window.history.replaceState(null, '', '/virtual-sessions');
    const entries = window.history.length;
    render(
      <BrowserRouter>
        <Navigate to="/virtual-appointments" replace />
        <Probe />
      </BrowserRouter>,
    );
    expect(where()).toBe('/virtual-appointments');
    expect(window.history.length).toBe(entries);
  });
});

describe('StaticRouter', () => {
  it('renders its one location, and cannot navigate', () => {
    let staticNavigate: NavigateFunction = () => undefined;
    function Capture() {
      staticNavigate = useNavigate();
      return <Probe />;
    }
    const html = renderToString(
      <StaticRouter location="/checkout/result?session_id=cs_1">
        <Capture />
      </StaticRouter>,
    );
    expect(html).toContain('/checkout/result?session_id=cs_1');
    expect(() => staticNavigate('/')).toThrow();
  });
});

describe('MemoryRouter', () => {
  it('starts on the last initial entry and moves through its own history', () => {
    render(
      <MemoryRouter initialEntries={['/', '/about']}>
        <Probe />
      </MemoryRouter>,
    );
    expect(where()).toBe('/about');
    act(() => navigate('/faq'));
    expect(where()).toBe('/faq');
    act(() => navigate(-2));
    expect(where()).toBe('/');
    act(() => navigate('/contact', { replace: true }));
    act(() => navigate(1));
    expect(where()).toBe('/about');
  });
});

describe('matchesPath', () => {
  it('matches a static path whatever its letter case or trailing slash, and nothing under it', () => {
    expect(matchesPath('/about', '/about')).toBe(true);
    expect(matchesPath('/about', '/About/')).toBe(true);
    expect(matchesPath('/', '/')).toBe(true);
    expect(matchesPath('/', '/about')).toBe(false);
    expect(matchesPath('/auth', '/auth/confirm')).toBe(false);
    expect(matchesPath('/checkout/result', '/checkout')).toBe(false);
  });
});

describe('hooks outside a router', () => {
  it('fail loudly', () => {
    function Lost() {
      useLocation();
      return null;
    }
    expect(() => renderToString(<Lost />)).toThrow(/inside a router/);
  });
});

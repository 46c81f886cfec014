import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { prepareAdoption } from './app/adopted-page';
import { App } from './app/app';
import { handPrerenderedHeadToReact } from './app/lazy-page';
import { preloadPage } from './app/router';
import { preloadSideMenuIfPressedEarly } from './components/layout/side-menu';
import { BANNER_ALLOWED_ATTRIBUTE } from './features/consent/consent-script';
import { preloadCookieBanner } from './features/consent/cookie-banner-host';
import './styles/index.css';

function start(): void {
  // The moment the app's code runs (npm run bench measures the time from the first paint to here).
  performance.mark('app-start');
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  const prerendered = container.hasChildNodes();
  const { pathname } = window.location;
  const render = () => {
    if (!prerendered) {
      createRoot(container).render(app);
      return;
    }
    // The prerendered <title>/<meta>/<link> stay until the page has rendered its own (src/app/lazy-page.tsx):
    // the document is never without a title. An adopted page keeps them until left.
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of holding
    // the main thread for the whole page; a tap meanwhile makes React hydrate what was tapped at once.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  };
  // A marketing page adopts its prerendered markup and loads only its islands' code (src/app/adopted-page.tsx).
  // Any other page loads its module first (the boot loader has already fetched its chunks), so hydration
  // renders exactly what was prerendered. A page hydrated before its module had arrived would be dropped back
  // to its loading state by the first context change in the chrome above it (consent, auth, settings).
  // The banner's code too when the prerendered banner is showing (no stored choice: the before-paint script
  // said so), so it hydrates with the page.
  // The menu's code too when the menu was pressed before the code ran: that press is the visitor's first wish.
  const menu = preloadSideMenuIfPressedEarly()?.catch(() => undefined) ?? null;
  const bannerShowing = document.documentElement.hasAttribute(BANNER_ALLOWED_ATTRIBUTE);
  const banner = bannerShowing ? preloadCookieBanner().catch(() => undefined) : null;
  const page = (prerendered ? prepareAdoption(container, pathname) : Promise.resolve(false)).then(
    async (adopted) => {
      // A failed load renders all the same: the page's error boundary then offers to reload.
      if (!adopted) await preloadPage(pathname).catch(() => undefined);
      if (prerendered && !adopted) handPrerenderedHeadToReact();
      return adopted;
    },
  );
  void Promise.all([page, banner, menu]).then(render);
}

start();

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadPage } from './app/router';
import './styles/index.css';

function start(): void {
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
  const render = () => {
    if (!prerendered) {
      createRoot(container).render(app);
      return;
    }
    // React inserts each page's <title>/<meta>/<link> itself; drop the prerendered copies so they are not
    // left stale in <head> after the first client-side navigation.
    document.head.querySelectorAll('[data-prerendered]').forEach((node) => node.remove());
    // Hydrating in a transition lets React yield to the browser every few milliseconds instead of holding
    // the main thread for the whole page; a tap meanwhile makes React hydrate what was tapped at once.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  };
  // Load this URL's page module first (the boot loader has already fetched its chunks), so hydration renders
  // exactly what was prerendered. A page hydrated before its module had arrived would be dropped back to its
  // loading state by the first context change in the chrome above it (consent, auth, settings).
  void preloadPage(window.location.pathname).then(render, render);
}

start();

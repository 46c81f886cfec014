import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { preloadPage } from './app/router';
import './styles/index.css';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('Missing #root element');
  // Load this URL's page module first, so hydration renders exactly what was prerendered.
  await preloadPage(window.location.pathname);
  // React inserts each page's <title>/<meta>/<link> itself; drop the prerendered copies so they are not
  // left stale in <head> after the first client-side navigation.
  document.head.querySelectorAll('[data-prerendered]').forEach((node) => node.remove());
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();

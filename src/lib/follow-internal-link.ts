import type { NavigateFunction } from 'react-router-dom';

/**
 * How a click on a link of this site is followed, for <AppLink> (src/components/ui/app-link.tsx) and for the
 * plain links of markup React did not render (a marketing page's adopted prerendered markup): a plain left click on a link to another page of this site navigates in the app
 * instead of loading the document again. Modified clicks, other targets, downloads, other origins and jumps
 * within the page keep the browser's own behaviour. Returns whether it navigated.
 */
export function followInternalLink(
  event: Pick<
    MouseEvent,
    | 'target'
    | 'defaultPrevented'
    | 'button'
    | 'metaKey'
    | 'altKey'
    | 'ctrlKey'
    | 'shiftKey'
    | 'preventDefault'
  >,
  navigate: NavigateFunction,
): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return false;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href);
  const here = window.location;
  if (url.origin !== here.origin) return false;
  // A jump to an anchor of this page: the browser scrolls there, and the router hears the history change.
  if (url.pathname === here.pathname && url.search === here.search && url.hash !== '') return false;
  event.preventDefault();
  const to = `${url.pathname}${url.search}${url.hash}`;
  // A link to the page already shown replaces the history entry instead of adding a second one.
  void navigate(to, { replace: to === `${here.pathname}${here.search}${here.hash}` });
  return true;
}

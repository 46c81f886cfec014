import type React from 'react';
import { chromeText } from '@/content/chrome';

export const MAIN_CONTENT_ID = 'main-content';
export const MAIN_NAVIGATION_ID = 'main-navigation';
export const MOBILE_MENU_BUTTON_ID = 'mobile-menu-button';

const skipLinkClass =
  'sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[100] focus:rounded-lg focus:bg-primary focus:px-4 focus:py-3 focus:font-semibold focus:text-primary-foreground';

/** Below the lg breakpoint the navigation lives in the side menu, so its button is where navigation starts. */
function focusNavigation(event: React.MouseEvent<HTMLAnchorElement>) {
  const nav = document.getElementById(MAIN_NAVIGATION_ID);
  if (nav && nav.getClientRects().length === 0) {
    event.preventDefault();
    document.getElementById(MOBILE_MENU_BUTTON_ID)?.focus();
  }
}

/** The first focusable elements on every page: jump past the header, or straight to the navigation. */
export function SkipLinks() {
  return (
    <div>
      <a href={`#${MAIN_CONTENT_ID}`} className={skipLinkClass}>
        {chromeText.skipToContent}
      </a>
      <a href={`#${MAIN_NAVIGATION_ID}`} className={skipLinkClass} onClick={focusNavigation}>
        {chromeText.skipToNavigation}
      </a>
    </div>
  );
}

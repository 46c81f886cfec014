import { useEffect, type RefObject } from 'react';
import type { EarlyInputApi } from './early-input-script';

// The app's side of the before-paint early-input script (src/lib/early-input-script.ts).

declare global {
  interface Window {
    __earlyInput?: EarlyInputApi;
  }
}

export interface EarlyPress {
  /** The element pressed (prerendered markup). */
  control: Element;
  /** Its EARLY_CONTROL_ATTRIBUTE, for an island that renders its own copy of the control. */
  key: string | null;
}

/**
 * Hands `root` over to the code that now runs it: presses there reach React from now on, and those made before
 * are returned, each once. Where the script is absent (tests, the SPA shell of an older cached page), none.
 */
export function claimEarlyInput(root: Element): EarlyPress[] {
  return window.__earlyInput?.claim(root) ?? [];
}

/** Whether a press on `element` made before its code ran is waiting to be pressed again. */
export function hasEarlyPress(element: Element | null): boolean {
  return element !== null && (window.__earlyInput?.pressed(element) ?? false);
}

/** Claims `root` (claimEarlyInput) for markup React hydrated as is, and presses again what was pressed there. */
export function claimAndReplayEarlyInput(root: Element): void {
  for (const press of claimEarlyInput(root))
    if (press.control.isConnected && press.control instanceof HTMLElement) press.control.click();
}

export function useClaimEarlyInput(ref: RefObject<Element | null>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    claimAndReplayEarlyInput(root);
  }, [ref]);
}

/**
 * The app shell is hydrated: everything outside the parts that take over on their own (the page's <main>, the
 * banner, islands) is live, the chrome and what it later portals to <body> (menus, dialogs) included; a press
 * on a portalled menu item would otherwise be held for ever. Presses made before are pressed again.
 */
export function useClaimEarlyInputOutsideParts(): void {
  useEffect(() => {
    claimAndReplayEarlyInput(document.documentElement);
  }, []);
}

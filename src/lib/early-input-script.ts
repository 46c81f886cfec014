// Without React: the build inlines `earlyInputScript` into index.html (scripts/before-paint-scripts.ts) and the
// build scripts read these names.
//
// A prerendered page is on screen well before its code runs (on a slow phone, seconds). Links, <details> and
// text fields work without code; a button does not. This inline script, in <head> before anything is painted,
// makes a press on a button that nothing handles yet wait for the code instead of being lost: it keeps the
// press from reaching the page (no half-handled click) and records which element was pressed. Whatever code
// takes over a part of the page claims it (src/lib/early-input.ts): from then on presses there go to React,
// and the recorded ones are pressed again, on the same element, or for an island that replaced its markup,
// on the control with the same EARLY_CONTROL_ATTRIBUTE (identity, never position).
//
// Parts of the page that come alive at different times are marked EARLY_BOUNDARY_ATTRIBUTE (the page's <main>,
// the cookie banner, each island); the rest of the app is one part. docs/decisions/0001-islands.md explains.

/** Marks a part of the page whose code takes over on its own (claimed separately). */
export const EARLY_BOUNDARY_ATTRIBUTE = 'data-early-boundary';
/** A control's identity within its island, the same in the prerendered markup and in what the island renders. */
export const EARLY_CONTROL_ATTRIBUTE = 'data-control';
/** Buttons the before-paint consent script handles itself (src/features/consent/consent-script.ts). */
export const CONSENT_CHOICE_ATTRIBUTE = 'data-consent-choice';
/** What a press waits for: buttons and the roles that act like them (links and <summary> work on their own). */
export const EARLY_PRESSABLE =
  'button,[role=button],[role=tab],[role=switch],[role=menuitem],[role=checkbox],[role=radio],input[type=checkbox],input[type=radio],input[type=button],input[type=submit]';

/** The global the script defines (window.__earlyInput). */
export interface EarlyInputApi {
  /** Marks `root` as live and returns the presses recorded in it (each once). */
  claim: (root: Element) => { control: Element; key: string | null }[];
  /** Whether `element` is in a part of the page whose code has not taken over yet. */
  pending: (element: Element) => boolean;
  /** Whether a press on `element` is waiting for its code (so the code it needs can be fetched at once). */
  pressed: (element: Element) => boolean;
}

export const earlyInputScript =
  '(function(w,d){var live=new WeakSet(),presses=[];' +
  // The nearest part that decides: a live one (null) or one still waiting (the part's element, or <html>).
  'function owner(e){for(;e;e=e.parentElement){if(live.has(e))return null;' +
  `if(e.hasAttribute("${EARLY_BOUNDARY_ATTRIBUTE}"))return e}return d.documentElement}` +
  'function pending(e){return owner(e)!==null}' +
  `w.addEventListener("click",function(v){var t=v.target&&v.target.closest&&v.target.closest("${EARLY_PRESSABLE}");` +
  `if(!t||t.disabled||t.hasAttribute("${CONSENT_CHOICE_ATTRIBUTE}")||!pending(t))return;` +
  `v.preventDefault();v.stopPropagation();presses.push({control:t,key:t.getAttribute("${EARLY_CONTROL_ATTRIBUTE}")})},true);` +
  // A form whose code is not there yet is not submitted (Enter in a search field would reload the page).
  'w.addEventListener("submit",function(v){if(v.target instanceof Element&&pending(v.target)){v.preventDefault();v.stopPropagation()}},true);' +
  'w.__earlyInput={pending:pending,pressed:function(e){return presses.some(function(p){return p.control===e})},claim:function(r){live.add(r);var mine=[],rest=[];' +
  'presses.forEach(function(p){(r.contains(p.control)&&!pending(p.control)?mine:rest).push(p)});presses=rest;return mine}}' +
  '})(window,document);';

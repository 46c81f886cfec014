import { CONSENT_CHOICE_ATTRIBUTE } from '@/lib/early-input-script';
import { CONSENT_CHANGED_EVENT, CONSENT_KEY, PREFERENCES_KEY } from './consent-storage';

// The inline script in index.html's <head> (after the settings and early-input scripts). Every prerendered
// page contains the cookie banner, so a first visit sees it in the first paint rather than after the
// JavaScript. It may show only while <html> carries BANNER_ALLOWED_ATTRIBUTE (src/styles/index.css): this
// script sets it before the first paint when no choice is stored (as readStoredConsent decides: the flag is
// 'true' or it is not), and the consent provider sets it once React decides. Without JavaScript the banner,
// whose buttons need it, stays hidden.
//
// Until the banner's code has taken it over (src/lib/early-input.ts), this script also answers the banner:
// - 'Accept All' and 'Essential Only' store the choice exactly as writeConsent does, and close the banner;
//   'Close' closes it for this page view (BANNER_CLOSED_ATTRIBUTE). The app reads both when it starts.
// - The banner's height is kept in --cookie-banner-height from before the first paint (a ResizeObserver
//   reports between layout and paint), so the page's scroll padding keeps focus clear of it (WCAG 2.2 2.4.11).
// The build inlines this text into index.html (scripts/before-paint-scripts.ts).
export const BANNER_ALLOWED_ATTRIBUTE = 'data-cookie-banner';
/** Set when the visitor closed the banner before its code had arrived. */
export const BANNER_CLOSED_ATTRIBUTE = 'data-cookie-banner-closed';
/** The banner's height on <html>, read by src/styles/index.css (scroll-padding and room under the page). */
export const BANNER_HEIGHT_PROPERTY = '--cookie-banner-height';
export const COOKIE_BANNER_ID = 'cookie-banner';
/** The values of CONSENT_CHOICE_ATTRIBUTE on the banner's buttons. */
export const consentChoices = { all: 'all', essential: 'essential', close: 'close' } as const;

// Built by a function declared pure so that the bundler drops the text from the app's code, which only needs the
// names above: as a top-level expression joining other modules' constants it stayed in every page's first
// JavaScript (1.2 KB), unused.
/* @__NO_SIDE_EFFECTS__ */
function buildConsentScript(): string {
  return (
    '(function(w,d){var h=d.documentElement,c;try{c=localStorage.getItem("' +
    CONSENT_KEY +
    '")}catch(e){}' +
    `if(c!=="true")h.setAttribute("${BANNER_ALLOWED_ATTRIBUTE}","");` +
    `w.addEventListener("click",function(v){var b=v.target&&v.target.closest&&v.target.closest("[${CONSENT_CHOICE_ATTRIBUTE}]");` +
    'if(!b||!w.__earlyInput||!w.__earlyInput.pending(b))return;' +
    `var k=b.getAttribute("${CONSENT_CHOICE_ATTRIBUTE}"),a=k==="${consentChoices.all}",n=d.getElementById("${COOKIE_BANNER_ID}");` +
    `if(a||k==="${consentChoices.essential}")try{localStorage.setItem("${CONSENT_KEY}","true");` +
    `localStorage.setItem("${PREFERENCES_KEY}",JSON.stringify({essential:true,analytics:a,functional:a,marketing:a}))}catch(e){}` +
    `else h.setAttribute("${BANNER_CLOSED_ATTRIBUTE}","");` +
    `v.preventDefault();v.stopPropagation();h.removeAttribute("${BANNER_ALLOWED_ATTRIBUTE}");` +
    // Focus in the closed banner goes to the main content, as the banner's code does.
    'if(n&&n.contains(d.activeElement)){var m=d.querySelector("main");m&&m.focus()}' +
    `w.dispatchEvent(new Event("${CONSENT_CHANGED_EVENT}"))},true);` +
    'if(!w.ResizeObserver||!w.MutationObserver)return;' +
    `var ro=new ResizeObserver(function(es){var x=es[es.length-1],y=x.borderBoxSize&&x.borderBoxSize[0]?x.borderBoxSize[0].blockSize:x.contentRect.height;` +
    `if(y>0)h.style.setProperty("${BANNER_HEIGHT_PROPERTY}",Math.ceil(y)+"px");else h.style.removeProperty("${BANNER_HEIGHT_PROPERTY}")});` +
    `function find(){var n=d.getElementById("${COOKIE_BANNER_ID}");if(n){ro.observe(n);return true}}` +
    'if(!find()){var mo=new MutationObserver(function(){if(find())mo.disconnect()});mo.observe(h,{childList:true,subtree:true})}' +
    '})(window,document);'
  );
}

export const consentScript = buildConsentScript();

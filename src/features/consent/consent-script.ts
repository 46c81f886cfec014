// The inline script in index.html's <head> (after the settings script): every prerendered page contains the
// cookie banner, so a first visit sees it in the first paint rather than after the JavaScript. It may show
// only while <html> carries BANNER_ALLOWED_ATTRIBUTE (src/styles/index.css): this script sets it before the
// first paint when no choice is stored (as readStoredConsent decides: the flag is 'true' or it is not), and
// the consent provider sets it once React decides. Without JavaScript the banner, whose buttons need it,
// stays hidden. index.html must contain exactly this text; tests/unit/consent-script.test.ts checks it.
export const BANNER_ALLOWED_ATTRIBUTE = 'data-cookie-banner';

export const consentScript =
  '(function(){var c;try{c=localStorage.getItem("cookie-consent")}catch(e){}' +
  `if(c!=="true")document.documentElement.setAttribute("${BANNER_ALLOWED_ATTRIBUTE}","")})();`;

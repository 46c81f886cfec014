// The inline script in index.html's <head> (at `<!--before-paint:settings-->`): it puts the stored accessibility
// settings on <html> before the first paint, so a reload never flashes the default palette or text size. It is
// a classic inline script (its hash goes into the CSP at build time) and mirrors parseSettings/applySettings of
// accessibility-settings.ts: each valid stored field wins, anything unreadable means the default, and it never
// throws. The build inlines this text into index.html (scripts/before-paint-scripts.ts).
export const settingsScript =
  '(function(){var d=document.documentElement,s={},m=false;' +
  'try{m=matchMedia("(prefers-reduced-motion: reduce)").matches}catch(e){}' +
  'try{s=JSON.parse(localStorage.getItem("accessibility-settings"))}catch(e){}' +
  'if(!s||typeof s!=="object")s={};' +
  'function b(k,v){return typeof s[k]==="boolean"?s[k]:v}' +
  'var f=["small","medium","large","extra-large"].indexOf(s.fontSize)<0?"medium":s.fontSize;' +
  'd.classList.toggle("high-contrast",b("highContrast",false));' +
  'd.classList.toggle("reduce-motion",b("reducedMotion",m));' +
  'd.classList.toggle("keyboard-navigation",b("keyboardNavigation",true));' +
  'd.setAttribute("data-font-size",f)})();';

import { describe, expect, it } from 'vitest';
import { bootScript, checkAdoptedPage, checkPage, inlineStylesheets, splitHoistedHead } from '../../scripts/prerender';
import { contentSecurityPolicy, inlineScriptHashes, scriptHash } from '../../scripts/security-headers';

const page = (head: string, body: string) => `<html><head>${head}</head><body>${body}</body></html>`;
const goodHead =
  '<title>A</title><meta name="description" content="d"/><link rel="canonical" href="https://x.example/a"/>';
const goodBody = '<h1>A</h1><script type="application/ld+json">{}</script>';

describe('prerender', () => {
  it('moves the tags React hoists to the start of its output into the head', () => {
    const { head, body } = splitHoistedHead(
      '<title>T</title><meta name="description" content="d"/><link rel="canonical" href="/"/><div><h1>T</h1><meta itemprop="x"/></div>',
    );
    expect(head).toEqual(['<title>T</title>', '<meta name="description" content="d"/>', '<link rel="canonical" href="/"/>']);
    expect(body).toBe('<div><h1>T</h1><meta itemprop="x"/></div>');
  });

  it('puts the stylesheet inline, and a "</style" inside it cannot end the element', () => {
    const link = '<link rel="stylesheet" crossorigin href="/assets/index-1.css">';
    const html = inlineStylesheets(`<head>${link}</head>`, new Map([[link, 'a{b:c}/*</style>*/$&']]));
    expect(html).toBe('<head><style>a{b:c}/*<\\/style>*/$&</style></head>');
  });

  it('accepts a page with one title, one description, a canonical, one h1 and JSON-LD', () => {
    expect(() => checkPage('/a', page(goodHead, goodBody), true)).not.toThrow();
  });

  it('fails a page with two titles or no description', () => {
    expect(() => checkPage('/a', page(goodHead + '<title>B</title>', goodBody), true)).toThrow(/2 <title>/);
    expect(() => checkPage('/a', page('<title>A</title><link rel="canonical" href="/"/>', goodBody), true)).toThrow(
      /0 meta descriptions/,
    );
  });

  it('fails a page without JSON-LD when it is required, or one that rendered the error page', () => {
    expect(() => checkPage('/a', page(goodHead, '<h1>A</h1>'), true)).toThrow(/no JSON-LD/);
    expect(() => checkPage('/404', page(goodHead, '<h1>A</h1>'), false)).not.toThrow();
    expect(() => checkPage('/a', page(goodHead, `${goodBody}<div data-route-error="true"></div>`), true)).toThrow(
      /error page/,
    );
  });
});

describe('adopted pages', () => {
  const page = (inner: string) => `<header><button>Menu</button></header><main><div data-static-page="">${inner}</div></main>`;

  it('accepts links, disclosure widgets, disabled buttons and controls inside islands', () => {
    expect(() =>
      checkAdoptedPage(
        '/faq',
        page(
          '<a href="/contact">Contact</a><details><summary>Q</summary><p>A</p></details><button disabled>Soon</button>' +
            '<div data-island="faq-browser"><form role="search"><input type="search" data-control="q"></form>' +
            '<button data-control="all">All</button></div>',
        ),
      ),
    ).not.toThrow();
  });

  it('fails the build for a control outside every island (it would do nothing on the first load)', () => {
    expect(() => checkAdoptedPage('/about', page('<p>Text</p><button type="button">Show more</button>'))).toThrow(
      /Prerender of \/about failed: controls outside an island.*Show more/,
    );
    expect(() => checkAdoptedPage('/contact', page('<form><input name="email"></form>'))).toThrow(/\/contact/);
  });

  it('fails for elements acting as controls, links without href and links with a click handler', () => {
    for (const inner of [
      '<div role="button" tabindex="0">Open</div>',
      '<span role="tab">One</span>',
      '<a>Jump</a>',
      '<a href="/contact" data-click-handler="">Contact</a>',
    ])
      expect(() => checkAdoptedPage('/about', page(inner)), inner).toThrow(/controls outside an island/);
  });

  it('fails for a control in an island without its own identity (an early press could not be carried over)', () => {
    expect(() =>
      checkAdoptedPage('/faq', page('<div data-island="faq-browser"><button>All</button></div>')),
    ).toThrow(/without its own data-control/);
    expect(() =>
      checkAdoptedPage(
        '/faq',
        page('<div data-island="tabs"><button role="tab" data-control="a">A</button><button role="tab" data-control="a">B</button></div>'),
      ),
    ).toThrow(/without its own data-control/);
  });

  it('ignores pages that are not adopted', () => {
    expect(() => checkAdoptedPage('/cart', '<main><button>Checkout</button></main>')).not.toThrow();
  });
});

describe('boot loader', () => {
  it('names the entry and everything fetched with it, with one script text (one CSP hash) for every page', () => {
    const home = bootScript('assets/index-1.js', ['assets/react-1.js', 'assets/home-1.js']);
    const about = bootScript('assets/index-1.js', ['assets/react-1.js', 'assets/about-1.js']);
    expect(home).toMatch(/^<script data-entry="\/assets\/index-1.js" data-preload="\/assets\/react-1.js \/assets\/home-1.js">/);
    expect(inlineScriptHashes(home)).toEqual(inlineScriptHashes(about));
    expect(inlineScriptHashes(home)).toHaveLength(1);
  });

  it('names the cookie banner\'s chunks apart, fetched only when the page lets the banner show', () => {
    const page = bootScript('assets/index-1.js', ['assets/home-1.js'], ['assets/cookie-banner-1.js']);
    expect(page).toContain(' data-banner="/assets/cookie-banner-1.js"');
    expect(page).toContain("hasAttribute('data-cookie-banner')");
    expect(inlineScriptHashes(page)).toEqual(inlineScriptHashes(bootScript('assets/index-1.js', [])));
  });
});

describe('security headers', () => {
  it('hashes executable inline scripts only', () => {
    const html =
      '<script>window.a=1</script><script type="application/ld+json">{}</script>' +
      '<script type="application/json" id="catalogue-snapshot">{"products":[]}</script><script src="/x.js"></script>';
    expect(inlineScriptHashes(html)).toEqual([scriptHash('window.a=1')]);
  });

  it('allows only the site, its Supabase project and the scheduler', () => {
    const csp = contentSecurityPolicy({ supabaseUrl: 'https://abc.supabase.co/', inlineScriptHashes: ["'sha256-x'"] });
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self' https://abc.supabase.co");
    expect(csp).toContain("script-src 'self' https://assets.calendly.com 'sha256-x'");
    expect(csp).toContain('frame-src https://calendly.com');
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

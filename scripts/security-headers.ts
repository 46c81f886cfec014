import { createHash } from 'node:crypto';

// The security headers the site is served with: by `npm start` and, as a Netlify `_headers` file, in
// production. One definition so both stay the same.

export interface CspOptions {
  /** The Supabase project URL the browser talks to (auth, rest, storage, functions). */
  supabaseUrl: string;
  /** sha256 hashes of the inline scripts in the HTML (e.g. the settings-before-paint script). */
  inlineScriptHashes: readonly string[];
}

export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * Collects the hashes of executable inline scripts. Data blocks (JSON-LD, the shop's embedded catalogue) are
 * not executed and need none; a hash for the catalogue would also tie the policy to one build's catalogue.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
    const attrs = match[1] ?? '';
    if (/type=["']application\/(ld\+)?json["']/.test(attrs)) continue;
    hashes.add(scriptHash(match[2] ?? ''));
  }
  return [...hashes];
}

export function contentSecurityPolicy({ supabaseUrl, inlineScriptHashes: hashes }: CspOptions): string {
  const supabase = new URL(supabaseUrl).origin;
  return [
    "default-src 'self'",
    `script-src 'self' https://assets.calendly.com ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline' https://assets.calendly.com",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${supabase}`,
    `media-src 'self' blob: ${supabase}`,
    'frame-src https://calendly.com',
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    'upgrade-insecure-requests',
  ].join('; ');
}

export function securityHeaders(options: CspOptions & { https: boolean }): Record<string, string> {
  let csp = contentSecurityPolicy(options);
  // On plain-http localhost, upgrading requests would break the local stack's http URLs.
  if (!options.https) csp = csp.replace('; upgrade-insecure-requests', '');
  return {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy':
      'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // Browsers ignore HSTS over plain http, so sending it from a local server is harmless.
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  };
}

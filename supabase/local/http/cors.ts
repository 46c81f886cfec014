import type { IncomingMessage, OutgoingHttpHeaders } from 'node:http';

// What supabase-js (and the browser around it) sends: docs/reference/supabase-wire.md "Every request", plus the
// storage upload headers.
const ALLOWED_HEADERS = [
  'authorization',
  'x-client-info',
  'apikey',
  'content-type',
  'x-supabase-api-version',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'range-unit',
  'x-retry-count',
  'x-upsert',
  'x-metadata',
  'cache-control',
  'if-none-match',
  'accept',
  'x-region',
];

const EXPOSED_HEADERS = [
  'content-range',
  'content-length',
  'content-type',
  'content-disposition',
  'accept-ranges',
  'etag',
  'last-modified',
  'location',
  'range-unit',
  'preference-applied',
  'x-sb-error-code',
  'x-supabase-api-version',
];

/** Headers added to every response the gateway itself produces. */
export const CORS_HEADERS: OutgoingHttpHeaders = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': EXPOSED_HEADERS.join(', '),
};

/** The answer to a preflight: the usual list, plus whatever plain header names the browser asks for. */
export function preflightHeaders(req: IncomingMessage): OutgoingHttpHeaders {
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => /^[a-z0-9-]+$/.test(name));
  const allowed = [...new Set([...ALLOWED_HEADERS, ...requested])];
  return {
    ...CORS_HEADERS,
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': allowed.join(', '),
    'access-control-max-age': '86400',
  };
}

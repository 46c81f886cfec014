import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { CORS_HEADERS } from './cors.ts';

/** Largest JSON body accepted by auth, rest and functions (storage uploads have their own limit). */
export const JSON_BODY_LIMIT = 1024 * 1024;

/** A body exceeded its limit; the route answers 413 in its own error shape. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
  }
}

/**
 * Reads the whole body, refusing more than `limit` bytes. An oversized body is drained (up to a bound)
 * rather than cut off, so the client reads a clean 413 instead of a connection reset.
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = Number.isFinite(declared) && declared > limit;
  const drainBound = Math.max(limit * 4, 16 * 1024 * 1024);
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) tooLarge = true;
    if (tooLarge) {
      if (size > drainBound) {
        req.destroy();
        break;
      }
      continue;
    }
    chunks.push(chunk);
  }
  if (tooLarge) throw new BodyTooLargeError(limit);
  return Buffer.concat(chunks);
}

// Responses that must not be readable from other origins (the local inbox): no CORS headers at all.
const sameOriginOnly = new WeakSet<ServerResponse>();

/** Marks a response as same-origin only: `send` leaves out the CORS headers. */
export function withoutCors(res: ServerResponse): void {
  sameOriginOnly.add(res);
}

/** Sent with every answer of the stack: no content sniffing of JSON or stored objects. */
export const BASE_HEADERS: OutgoingHttpHeaders = { 'x-content-type-options': 'nosniff' };

export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer | null,
  headers: OutgoingHttpHeaders = {},
  method = 'GET',
): void {
  const out: OutgoingHttpHeaders = {
    ...(sameOriginOnly.has(res) ? {} : CORS_HEADERS),
    ...BASE_HEADERS,
    ...headers,
  };
  if (body !== null) out['content-length'] = Buffer.byteLength(body);
  res.writeHead(status, out);
  res.end(method === 'HEAD' || body === null ? undefined : body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: OutgoingHttpHeaders = {},
): void {
  send(res, status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...headers });
}

/** The first value of a header that may be repeated. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Every value of a repeatable header (e.g. `Prefer`), comma lists split. */
export function headerList(req: IncomingMessage, name: string): string[] {
  const value = req.headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; tooDeep?: boolean };

/**
 * Deepest nesting of arrays and objects a JSON body may have. Checked on the text before parsing, so a
 * body nested 100,000 deep costs one linear scan and never reaches a recursive parser or serializer.
 */
export const MAX_JSON_DEPTH = 128;

/** The nesting depth of JSON text, counting only brackets outside strings; stops once past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

export function parseJson(body: Buffer): ParsedJson {
  const text = body.toString('utf8');
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return { ok: false, tooDeep: true };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/** True when any string (or object key) in a parsed JSON value contains U+0000, which Postgres text cannot hold. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (isRecord(value)) {
    return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  }
  return false;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

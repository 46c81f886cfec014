import { open, readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { securityHeaders } from './security-headers';
import { clientOnlyRoutes, redirects } from './site-routes';

// Serves the production build the way a good static host would: prerendered pages, the SPA shell for
// client-only routes, a real 404, precompressed bodies, immutable caching for hashed assets, and the
// security headers (the same ones the build writes to Netlify's _headers).

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
};

interface BuildInfo {
  supabaseUrl: string;
  inlineScriptHashes: string[];
}

/** Longest URL answered (browsers and CDNs use about 8 KiB); longer ones get 414. */
const MAX_URL_BYTES = 8 * 1024;
/** Node's own default limit for the whole request head; more gets 431. */
const MAX_HEADER_BYTES = 16 * 1024;
/** Browsers send a few dozen headers; Node silently drops those past 2000, so refuse long before. */
const MAX_HEADER_COUNT = 200;
/**
 * The parser's limit is set above both so that over-long URLs and headers reach the handler and get their
 * precise status; anything beyond it is answered by the clientError handler (431), also with the headers.
 */
const PARSER_HEADER_LIMIT = 64 * 1024;

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
};

export interface StaticServerOptions {
  distDir: string;
  port: number;
  host?: string;
}

async function fileExists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function pickEncoding(request: IncomingMessage): { suffix: string; encoding: string } | null {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { suffix: '.br', encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { suffix: '.gz', encoding: 'gzip' };
  return null;
}

/** The client closed the connection before the whole body was sent: nothing to answer, nothing to report. */
function isClientGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE';
}

export async function startStaticServer({
  distDir,
  port,
  host = '0.0.0.0',
}: StaticServerOptions): Promise<Server> {
  const root = resolve(distDir);
  const info = JSON.parse(await readFile(join(root, '.build-info.json'), 'utf8')) as BuildInfo;
  const headers = securityHeaders({ ...info, https: false });
  const clientOnly = new Set<string>(clientOnlyRoutes);

  /**
   * Maps a URL path (still percent-encoded) to the file that answers it and the status to send; 'bad' when
   * the path cannot be decoded. Every check runs on the decoded path, and containment is decided by the
   * resolved path relative to dist/, never by comparing string prefixes.
   */
  async function resolveFile(pathname: string): Promise<{ file: string; status: number } | null | 'bad'> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return 'bad';
    }
    if (decoded.includes('\0')) return 'bad';
    const clean = decoded.replace(/\/+$/, '') || '/';
    if (clientOnly.has(clean)) return { file: join(root, '_shell.html'), status: 200 };
    // Dotfiles, `..` and build-internal `_` files: never served, whichever way the path was spelled.
    if (clean.split(/[\\/]/).some((segment) => segment.startsWith('.') || segment.startsWith('_')))
      return null;
    const candidate = resolve(root, `.${clean}`);
    const inside = relative(root, candidate);
    if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) return null;
    if (inside !== '' && (await fileExists(candidate))) return { file: candidate, status: 200 };
    const page = join(candidate, 'index.html');
    if (await fileExists(page)) return { file: page, status: 200 };
    return null;
  }

  /** A short plain-text error, with the security headers like every other answer. */
  function sendError(response: ServerResponse, status: number, extra: Record<string, string> = {}): void {
    const body = `${status} ${STATUS_TEXT[status] ?? 'Error'}\n`;
    response.writeHead(status, {
      ...headers,
      ...extra,
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
    });
    response.end(body);
  }

  async function send(request: IncomingMessage, response: ServerResponse, file: string, status: number) {
    const type = contentTypes[extname(file)] ?? 'application/octet-stream';
    const isAsset = file.startsWith(join(root, 'assets') + '/');
    const encoding = pickEncoding(request);
    let body = file;
    const responseHeaders: Record<string, string> = {
      ...headers,
      'Content-Type': type,
      'Cache-Control': isAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      Vary: 'Accept-Encoding',
    };
    if (encoding && (await fileExists(file + encoding.suffix))) {
      body = file + encoding.suffix;
      responseHeaders['Content-Encoding'] = encoding.encoding;
    }
    // Length and bytes from one open file: a page rebuilt meanwhile is renamed over this path
    // (docs/catalogue-rebuild.md), and a length read by name could belong to the other version.
    const handle = await open(body, 'r');
    let size: number;
    try {
      size = (await handle.stat()).size;
    } catch (error) {
      await handle.close();
      throw error;
    }
    responseHeaders['Content-Length'] = String(size);
    response.writeHead(status, responseHeaders);
    if (request.method === 'HEAD') {
      await handle.close();
      response.end();
      return;
    }
    // pipeline(), not pipe(): when the client goes away mid-body (a navigation, a cancelled preload) it
    // destroys the read stream, which closes the file now rather than at garbage collection.
    await pipeline(handle.createReadStream(), response).catch((error: unknown) => {
      if (!isClientGone(error)) throw error;
    });
  }

  const server = createServer({ maxHeaderSize: PARSER_HEADER_LIMIT }, (request, response) => {
    void (async () => {
      const target = request.url ?? '/';
      if (Buffer.byteLength(target) > MAX_URL_BYTES) return sendError(response, 414, { Connection: 'close' });
      const headerBytes = request.rawHeaders.reduce((total, part) => total + Buffer.byteLength(part) + 2, 0);
      if (headerBytes > MAX_HEADER_BYTES || request.rawHeaders.length / 2 > MAX_HEADER_COUNT)
        return sendError(response, 431, { Connection: 'close' });
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return sendError(response, 405, { Allow: 'GET, HEAD' });
      }
      let url: URL;
      try {
        url = new URL(target, 'http://localhost');
      } catch {
        return sendError(response, 400);
      }
      const redirect = redirects.find((r) => r.from === url.pathname.replace(/\/+$/, ''));
      if (redirect) {
        response.writeHead(redirect.status, { ...headers, Location: redirect.to + url.search }).end();
        return;
      }
      const found = await resolveFile(url.pathname);
      if (found === 'bad') sendError(response, 400);
      else if (found) await send(request, response, found.file, found.status);
      else await send(request, response, join(root, '404.html'), 404);
    })().catch((error: unknown) => {
      console.error('Static server error', error);
      if (!response.headersSent) sendError(response, 500);
      else response.destroy();
    });
  });
  // Requests Node's parser refuses before they reach the handler (garbage, or heads beyond even the
  // parser's limit) are answered here, still with the security headers.
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const body = `${status} ${STATUS_TEXT[status]}\n`;
    const lines = [`HTTP/1.1 ${status} ${STATUS_TEXT[status]}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    lines.push(
      'Content-Type: text/plain; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
    );
    socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
  });
  await new Promise<void>((resolveListen) => server.listen(port, host, resolveListen));
  return server;
}

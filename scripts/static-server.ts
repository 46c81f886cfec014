import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
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

export async function startStaticServer({
  distDir,
  port,
  host = '0.0.0.0',
}: StaticServerOptions): Promise<Server> {
  const root = resolve(distDir);
  const info = JSON.parse(await readFile(join(root, '.build-info.json'), 'utf8')) as BuildInfo;
  const headers = securityHeaders({ ...info, https: false });
  const clientOnly = new Set<string>(clientOnlyRoutes);

  /** Maps a URL path to the file that answers it and the status to send. */
  async function resolveFile(pathname: string): Promise<{ file: string; status: number } | null> {
    const clean = pathname.replace(/\/+$/, '') || '/';
    if (clientOnly.has(clean)) return { file: join(root, '_shell.html'), status: 200 };
    const candidate = normalize(join(root, decodeURIComponent(clean)));
    if (!candidate.startsWith(root)) return null;
    if (clean !== '/' && !/(^|\/)[._]/.test(clean.slice(1)) && (await fileExists(candidate))) {
      return { file: candidate, status: 200 };
    }
    const page = join(candidate, 'index.html');
    if (await fileExists(page)) return { file: page, status: 200 };
    return null;
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
    responseHeaders['Content-Length'] = String((await stat(body)).size);
    response.writeHead(status, responseHeaders);
    if (request.method === 'HEAD') response.end();
    else createReadStream(body).pipe(response);
  }

  const server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { ...headers, Allow: 'GET, HEAD' }).end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://localhost');
      const redirect = redirects.find((r) => r.from === url.pathname.replace(/\/+$/, ''));
      if (redirect) {
        response.writeHead(redirect.status, { ...headers, Location: redirect.to + url.search }).end();
        return;
      }
      const found = await resolveFile(url.pathname);
      if (found) await send(request, response, found.file, found.status);
      else await send(request, response, join(root, '404.html'), 404);
    })().catch((error: unknown) => {
      console.error('Static server error', error);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolveListen) => server.listen(port, host, resolveListen));
  return server;
}

import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import path from 'node:path';
import { CORS_HEADERS } from '../http/cors.ts';
import { BASE_HEADERS } from '../http/util.ts';

/** Object files live at `<root>/<bucket>/<object name>`. */

const BUCKET_ID = /^[A-Za-z0-9_.-]{1,100}$/;

export function isValidBucketId(bucket: string): boolean {
  return BUCKET_ID.test(bucket) && bucket !== '.' && bucket !== '..';
}

/** Object names as storage accepts them, minus anything that could leave the bucket's folder. */
export function isValidObjectName(name: string): boolean {
  if (name.length === 0 || name.length > 1024) return false;
  if (name.includes('\0') || name.includes('\\')) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The file for an object; throws if the result would fall outside the storage root (defence in depth). */
export function objectFile(root: string, bucket: string, name: string): string {
  if (!isValidBucketId(bucket) || !isValidObjectName(name)) throw new Error('invalid object path');
  const base = path.resolve(root);
  const file = path.resolve(base, bucket, ...name.split('/'));
  if (!file.startsWith(base + path.sep)) throw new Error('object path escapes the storage root');
  return file;
}

/** Writes atomically (temp file + rename) so a reader never sees half a file. */
export async function writeObjectFile(file: string, data: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temp, data);
  await rename(temp, file);
}

export async function removeObjectFile(file: string): Promise<void> {
  await unlink(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

const MIME_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  webm: 'audio/webm',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain',
};

export function mimeFromName(name: string): string {
  const ext = name.split('.').pop()?.toLowerCase() ?? '';
  return MIME_BY_EXTENSION[ext] ?? 'application/octet-stream';
}

export function etagOf(data: Uint8Array): string {
  return `"${createHash('md5').update(data).digest('hex')}"`;
}

/** Object metadata in storage's shape (storage.objects.metadata). */
export type ObjectMetadata = {
  eTag: string;
  size: number;
  mimetype: string;
  cacheControl: string;
  lastModified: string;
  contentLength: number;
  httpStatusCode: number;
};

export function objectMetadata(data: Uint8Array, mimetype: string, cacheControl: string): ObjectMetadata {
  return {
    eTag: etagOf(data),
    size: data.byteLength,
    mimetype,
    cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: data.byteLength,
    httpStatusCode: 200,
  };
}

type ByteRange = { start: number; end: number };

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range); null = serve whole; 'invalid' = 416. */
export function parseByteRange(value: string | undefined, size: number): ByteRange | null | 'invalid' {
  if (!value) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(value.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null; // unsupported forms (multi-range): whole file
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start >= size || start > end) return 'invalid';
  return { start, end };
}

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Serves a stored object as storage does: Accept-Ranges, Range → 206 with Content-Range, ETag (and 304),
 * Content-Type/Length, Cache-Control, and Content-Disposition when a download was asked for.
 */
export async function serveObject(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  meta: { mimetype: string; eTag?: string; cacheControl?: string },
  download: string | null,
  objectName: string,
): Promise<boolean> {
  let size: number;
  let modified: Date;
  try {
    const info = await stat(file);
    if (!info.isFile()) return false;
    size = info.size;
    modified = info.mtime;
  } catch {
    return false;
  }
  const etag = meta.eTag ?? `"${size.toString(16)}-${modified.getTime().toString(16)}"`;
  const headers: OutgoingHttpHeaders = {
    ...CORS_HEADERS,
    // nosniff: a stored file is only ever what its Content-Type says (an upload claiming audio/* is never run
    // as a page or a script), as on every other answer of the stack.
    ...BASE_HEADERS,
    'accept-ranges': 'bytes',
    'content-type': meta.mimetype,
    etag,
    'last-modified': modified.toUTCString(),
    'cache-control': meta.cacheControl ?? 'no-cache',
  };
  if (download !== null)
    headers['content-disposition'] = contentDisposition(download || path.posix.basename(objectName));
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return true;
  }
  const range = parseByteRange(req.headers.range, size);
  if (range === 'invalid') {
    res.writeHead(416, { ...headers, 'content-range': `bytes */${size}`, 'content-length': 0 });
    res.end();
    return true;
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  const length = size === 0 ? 0 : end - start + 1;
  headers['content-length'] = length;
  if (range) headers['content-range'] = `bytes ${start}-${end}/${size}`;
  res.writeHead(range ? 206 : 200, headers);
  if (req.method === 'HEAD' || length === 0) {
    res.end();
    return true;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(file, { start, end });
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    res.on('close', () => {
      stream.destroy();
      resolve();
    });
    stream.pipe(res);
  });
  return true;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Transaction } from '../db/engine.ts';
import { withRequestContext } from '../db/db.ts';
import { apiKeyError, resolveCaller, type Caller } from '../http/gateway.ts';
import {
  BodyTooLargeError,
  JSON_BODY_LIMIT,
  header,
  isRecord,
  parseJson,
  readBody,
  sendJson,
} from '../http/util.ts';
import { nowSeconds, signJwt, verifyJwt } from '../auth/jwt.ts';
import {
  isValidBucketId,
  isValidObjectName,
  mimeFromName,
  objectFile,
  objectMetadata,
  removeObjectFile,
  serveObject,
  writeObjectFile,
  type ObjectMetadata,
} from './files.ts';
import type { StackContext } from '../stack-context.ts';

/** Storage API errors: `{statusCode, error, message}` (statusCode is a string), HTTP 400 as storage answers. */
class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly error: string,
    message: string,
    readonly httpStatus = 400,
  ) {
    super(message);
  }
}

const notFound = (): StorageError => new StorageError('404', 'not_found', 'Object not found');
const bucketNotFound = (): StorageError => new StorageError('404', 'Bucket not found', 'Bucket not found');

type BucketRow = {
  id: string;
  public: boolean;
  file_size_limit: number | null;
  allowed_mime_types: string[] | null;
};
type ObjectRow = { id: string; name: string; metadata: Partial<ObjectMetadata> | null };

async function bucketOrThrow(stack: StackContext, bucket: string): Promise<BucketRow> {
  if (!isValidBucketId(bucket)) throw bucketNotFound();
  const result = await stack.db.query<BucketRow>(
    'select id, public, file_size_limit::float8 as file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [bucket],
  );
  const row = result.rows[0];
  if (!row) throw bucketNotFound();
  return row;
}

async function callerOrThrow(stack: StackContext, req: IncomingMessage, url: URL): Promise<Caller> {
  const resolved = await resolveCaller(stack, req, url);
  if (resolved.ok) return resolved.caller;
  throw new StorageError(
    '403',
    'Unauthorized',
    resolved.reason === 'expired' ? 'jwt expired' : 'invalid signature',
  );
}

function asRole<T>(stack: StackContext, caller: Caller, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  return withRequestContext(stack.db, { role: caller.role, claims: { ...caller.claims } }, fn);
}

/** Reads one object row as the caller: RLS on storage.objects decides whether it exists for them. */
async function visibleObject(
  stack: StackContext,
  caller: Caller,
  bucket: string,
  name: string,
): Promise<ObjectRow | undefined> {
  return asRole(stack, caller, (tx) => findObject(tx, bucket, name));
}

const OBJECT_ROW_SQL =
  'select id::text as id, name, metadata from storage.objects where bucket_id = $1 and name = $2';

/** One object row of a bucket, as whoever runs the query (a caller's transaction, or the stack itself). */
async function findObject(
  db: Pick<StackContext['db'], 'query'>,
  bucket: string,
  name: string,
): Promise<ObjectRow | undefined> {
  return (await db.query<ObjectRow>(OBJECT_ROW_SQL, [bucket, name])).rows[0];
}

/** `<bucket>/<name…>` from the path segments after a route prefix, decoded and validated. */
function objectPath(segments: string[]): { bucket: string; name: string } {
  const [bucket = '', ...rest] = segments;
  const name = rest.join('/');
  if (!isValidBucketId(bucket)) throw bucketNotFound();
  if (!isValidObjectName(name)) throw new StorageError('400', 'Invalid Key', `Invalid key: ${name}`);
  return { bucket, name };
}

async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw: Buffer;
  try {
    raw = await readBody(req, JSON_BODY_LIMIT);
  } catch (error) {
    if (error instanceof BodyTooLargeError)
      throw new StorageError('413', 'Payload too large', 'Request body too large', 413);
    throw error;
  }
  if (raw.length === 0) return {};
  const parsed = parseJson(raw);
  if (!parsed.ok || !isRecord(parsed.value))
    throw new StorageError('400', 'Invalid JSON', 'Body must be a JSON object');
  return parsed.value;
}

// ---------------------------------------------------------------------------------------------------------

/**
 * `expiresIn` as Storage's schema takes it: a whole number of seconds, at least 1 (a fraction is refused, not
 * rounded). A lifetime whose expiry cannot be written as an exact JWT NumericDate (1e308) is refused too, so
 * every token the stack signs has an expiry it enforces to the second.
 */
function expiresInSeconds(body: Record<string, unknown>): number {
  const expiresIn = Number(body.expiresIn);
  if (!Number.isInteger(expiresIn) || expiresIn < 1 || !Number.isSafeInteger(nowSeconds() + expiresIn)) {
    throw new StorageError(
      '400',
      'InvalidRequest',
      'expiresIn must be a whole number of seconds, at least 1',
    );
  }
  return expiresIn;
}

async function createSignedUrl(
  stack: StackContext,
  req: IncomingMessage,
  url: URL,
  segments: string[],
): Promise<unknown> {
  const caller = await callerOrThrow(stack, req, url);
  const { bucket, name } = objectPath(segments);
  const body = await readJsonObject(req);
  const expiresIn = expiresInSeconds(body);
  await bucketOrThrow(stack, bucket);
  if (!(await visibleObject(stack, caller, bucket, name))) throw notFound();
  const iat = nowSeconds();
  const token = await signJwt({ url: `${bucket}/${name}`, iat, exp: iat + expiresIn }, stack.keys.jwtSecret);
  return { signedURL: `/object/sign/${bucket}/${name}?token=${token}` };
}

/** `createSignedUrls`: several objects at once; each entry carries its own error. */
async function createSignedUrls(
  stack: StackContext,
  req: IncomingMessage,
  url: URL,
  bucket: string,
): Promise<unknown> {
  const caller = await callerOrThrow(stack, req, url);
  const body = await readJsonObject(req);
  const expiresIn = expiresInSeconds(body);
  const paths = Array.isArray(body.paths) ? body.paths.filter((p): p is string => typeof p === 'string') : [];
  if (paths.length === 0 || paths.length > 1000)
    throw new StorageError('400', 'InvalidRequest', 'paths must list 1 to 1000 objects');
  await bucketOrThrow(stack, bucket);
  const visible = await asRole(stack, caller, async (tx) => {
    const found = new Set<string>();
    for (const name of paths) {
      if (!isValidObjectName(name)) continue;
      const result = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
        bucket,
        name,
      ]);
      if (result.rows.length > 0) found.add(name);
    }
    return found;
  });
  const iat = nowSeconds();
  return Promise.all(
    paths.map(async (name) => {
      if (!visible.has(name))
        return {
          error: 'Either the object does not exist or you do not have access to it',
          path: name,
          signedURL: null,
        };
      const token = await signJwt({ url: `${bucket}/${name}`, iat, exp: iat + expiresIn }, stack.keys.jwtSecret);
      return { error: null, path: name, signedURL: `/object/sign/${bucket}/${name}?token=${token}` };
    }),
  );
}

async function serveSigned(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  segments: string[],
): Promise<void> {
  const { bucket, name } = objectPath(segments);
  const token = url.searchParams.get('token');
  if (!token) throw new StorageError('400', 'InvalidJWT', 'Missing token');
  const verified = await verifyJwt(token, stack.keys.jwtSecret);
  if (!verified.ok) {
    throw new StorageError(
      '400',
      'InvalidJWT',
      verified.reason === 'expired' ? 'The provided token has expired.' : 'invalid signature',
    );
  }
  if (verified.claims.url !== `${bucket}/${name}`) {
    throw new StorageError('400', 'InvalidSignature', 'The url do not match the signature');
  }
  // The token already proves the signer could read the object; only existence is checked now.
  const row = await findObject(stack.db, bucket, name);
  if (!row) throw notFound();
  await serveRow(stack, req, res, url, bucket, row);
}

async function serveRow(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  bucket: string,
  row: ObjectRow,
): Promise<void> {
  const meta = row.metadata ?? {};
  const served = await serveObject(
    req,
    res,
    objectFile(stack.storageRoot, bucket, row.name),
    { mimetype: meta.mimetype ?? mimeFromName(row.name), eTag: meta.eTag, cacheControl: meta.cacheControl },
    url.searchParams.has('download') ? (url.searchParams.get('download') ?? '') : null,
    row.name,
  );
  if (!served) throw notFound();
}

async function servePublic(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  segments: string[],
): Promise<void> {
  const { bucket, name } = objectPath(segments);
  const row = await bucketOrThrow(stack, bucket);
  if (!row.public) throw notFound();
  const object = await findObject(stack.db, bucket, name);
  if (!object) throw notFound();
  await serveRow(stack, req, res, url, bucket, object);
}

async function serveAuthenticated(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  segments: string[],
): Promise<void> {
  const caller = await callerOrThrow(stack, req, url);
  const { bucket, name } = objectPath(segments);
  await bucketOrThrow(stack, bucket);
  const row = await visibleObject(stack, caller, bucket, name);
  if (!row) throw notFound();
  await serveRow(stack, req, res, url, bucket, row);
}

function mimeAllowed(allowed: string[] | null, mimetype: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const base = mimetype.split(';')[0]?.trim().toLowerCase() ?? '';
  return allowed.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.endsWith('/*') ? base.startsWith(pattern.slice(0, -1)) : base === pattern;
  });
}

/**
 * The Cache-Control an object is stored with and served with, as hosted storage decides it: a form's
 * `cacheControl` field (seconds, as storage-js sends it) becomes `max-age=<n>`; a binary upload's own
 * `Cache-Control` header is kept as sent (the admin uploads send `private, no-store` for audio, docs/security.md
 * "Cached audio links"); nothing given: `no-cache`.
 */
const NO_CACHE_CONTROL = 'no-cache';
const CACHE_CONTROL_VALUE = /^[\x20-\x7e]{1,200}$/;

async function fileFromRequest(
  req: IncomingMessage,
  body: Buffer,
): Promise<{ data: Uint8Array; mimetype: string; cacheControl: string }> {
  const type = header(req, 'content-type') ?? '';
  if (type.toLowerCase().startsWith('multipart/form-data')) {
    // Let undici's multipart parser do the work (storage-js sends a Blob as form data).
    let form: FormData;
    try {
      form = await new Request('http://local.invalid/', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      throw new StorageError('400', 'InvalidRequest', 'The body is not valid multipart form data');
    }
    let file: Blob | null = null;
    for (const value of form.values()) if (typeof value !== 'string') file = value;
    if (!file) throw new StorageError('400', 'InvalidRequest', 'No file found in the form data');
    const cache = form.get('cacheControl');
    return {
      data: new Uint8Array(await file.arrayBuffer()),
      mimetype: file.type || 'application/octet-stream',
      cacheControl: typeof cache === 'string' && /^\d+$/.test(cache) ? `max-age=${cache}` : NO_CACHE_CONTROL,
    };
  }
  const cache = header(req, 'cache-control')?.trim() ?? '';
  return {
    data: new Uint8Array(body),
    mimetype: type || 'application/octet-stream',
    cacheControl: CACHE_CONTROL_VALUE.test(cache) ? cache : NO_CACHE_CONTROL,
  };
}

/** Ends a permission probe's transaction: everything it wrote is rolled back. */
class ProbeRollback extends Error {}

type WriteTarget = {
  bucket: string;
  name: string;
  owner: string | null;
  method: 'POST' | 'PUT';
  upsert: boolean;
};

/**
 * Makes, as the caller, the same insert (or update) an upload will make, with empty metadata, and rolls it
 * back: RLS refuses (42501), a duplicate is found (23505) or a missing object for PUT (404) before the
 * request's body is read.
 */
async function probeWrite(stack: StackContext, caller: Caller, target: WriteTarget): Promise<void> {
  try {
    await asRole(stack, caller, async (tx) => {
      if (target.method === 'PUT') {
        const updated = await tx.query(
          `update storage.objects set updated_at = now() where bucket_id = $1 and name = $2 returning id`,
          [target.bucket, target.name],
        );
        if (!updated.rows[0]) throw notFound();
      } else {
        const conflict = target.upsert
          ? 'on conflict (bucket_id, name) do update set updated_at = now()'
          : '';
        await tx.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
           values ($1, $2, $3::text::uuid, $3, '{}'::jsonb) ${conflict}`,
          [target.bucket, target.name, target.owner],
        );
      }
      throw new ProbeRollback();
    });
  } catch (error) {
    if (error instanceof ProbeRollback) return;
    throw error;
  }
}

async function upload(
  stack: StackContext,
  req: IncomingMessage,
  url: URL,
  segments: string[],
  method: 'POST' | 'PUT',
): Promise<unknown> {
  const caller = await callerOrThrow(stack, req, url);
  const { bucket, name } = objectPath(segments);
  const bucketRow = await bucketOrThrow(stack, bucket);
  const limit = Math.min(bucketRow.file_size_limit ?? Infinity, stack.config.fileSizeLimit);
  const upsert = method === 'POST' && header(req, 'x-upsert') === 'true';
  const owner =
    typeof caller.claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(caller.claims.sub)
      ? caller.claims.sub
      : null;
  // Permission first: nobody gets to send up to the size limit only to be refused afterwards.
  await probeWrite(stack, caller, { bucket, name, owner, method, upsert });
  let body: Buffer;
  try {
    // Multipart framing adds a little on top of the file itself.
    body = await readBody(req, limit + 64 * 1024);
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size', 413);
    }
    throw error;
  }
  const file = await fileFromRequest(req, body);
  if (file.data.byteLength > limit) {
    throw new StorageError('413', 'Payload too large', 'The object exceeded the maximum allowed size', 413);
  }
  if (!mimeAllowed(bucketRow.allowed_mime_types, file.mimetype)) {
    throw new StorageError('415', 'invalid_mime_type', `mime type ${file.mimetype} is not supported`);
  }
  const metadata = JSON.stringify(objectMetadata(file.data, file.mimetype, file.cacheControl));
  const target = objectFile(stack.storageRoot, bucket, name);
  const id = await asRole(stack, caller, async (tx) => {
    let result;
    if (method === 'PUT') {
      result = await tx.query<{ id: string }>(
        `update storage.objects set metadata = $3::text::jsonb, updated_at = now(), last_accessed_at = now()
         where bucket_id = $1 and name = $2 returning id::text as id`,
        [bucket, name, metadata],
      );
      if (!result.rows[0]) throw notFound();
    } else {
      const conflict = upsert
        ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner,
             owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()`
        : '';
      result = await tx.query<{ id: string }>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
         values ($1, $2, $3::text::uuid, $3, $4::text::jsonb) ${conflict} returning id::text as id`,
        [bucket, name, owner, metadata],
      );
    }
    // Written inside the transaction: if the file cannot be written, the row is rolled back.
    await writeObjectFile(target, file.data);
    return result.rows[0]?.id;
  });
  return { Id: id, Key: `${bucket}/${name}` };
}

async function removeMany(
  stack: StackContext,
  req: IncomingMessage,
  url: URL,
  bucket: string,
  names: string[],
): Promise<unknown[]> {
  const caller = await callerOrThrow(stack, req, url);
  await bucketOrThrow(stack, bucket);
  const valid = names.filter((name) => isValidObjectName(name));
  const deleted = await asRole(stack, caller, async (tx) => {
    // As Supabase Storage does for its own transaction: storage.protect_delete (db/bootstrap.sql) refuses any
    // other DELETE on storage.objects. RLS still decides which rows this caller removes.
    await tx.query(`select set_config('storage.allow_delete_query', 'true', true)`);
    const rows: Record<string, unknown>[] = [];
    for (const name of valid) {
      const result = await tx.query<Record<string, unknown>>(
        `delete from storage.objects where bucket_id = $1 and name = $2
         returning id::text as id, name, bucket_id, owner::text as owner, created_at, updated_at, last_accessed_at, metadata`,
        [bucket, name],
      );
      rows.push(...result.rows);
    }
    return rows;
  });
  for (const row of deleted) await removeObjectFile(objectFile(stack.storageRoot, bucket, String(row.name)));
  return deleted;
}

type ListRow = {
  id: string;
  name: string;
  created_at: Date;
  updated_at: Date;
  last_accessed_at: Date;
  metadata: unknown;
};

async function list(stack: StackContext, req: IncomingMessage, url: URL, bucket: string): Promise<unknown[]> {
  const caller = await callerOrThrow(stack, req, url);
  await bucketOrThrow(stack, bucket);
  const body = await readJsonObject(req);
  const rawPrefix = typeof body.prefix === 'string' ? body.prefix.replace(/^\/+|\/+$/g, '') : '';
  const prefix = rawPrefix ? `${rawPrefix}/` : '';
  const limit = Math.max(0, Math.min(Number(body.limit ?? 100) || 100, 1000));
  const offset = Math.max(0, Number(body.offset ?? 0) || 0);
  const search = typeof body.search === 'string' ? body.search.toLowerCase() : '';
  const sortBy = isRecord(body.sortBy) ? body.sortBy : {};
  const column = ['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(String(sortBy.column))
    ? String(sortBy.column)
    : 'name';
  const descending = String(sortBy.order).toLowerCase() === 'desc';

  const rows = await asRole(stack, caller, async (tx) => {
    const result = await tx.query<ListRow>(
      `select id::text as id, name, created_at, updated_at, last_accessed_at, metadata
       from storage.objects where bucket_id = $1 and starts_with(name, $2)`,
      [bucket, prefix],
    );
    return result.rows;
  });
  // Storage lists one level: files directly under the prefix, and each sub-folder once (with null fields).
  const entries = new Map<string, Record<string, unknown>>();
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const entryName = slash >= 0 ? rest.slice(0, slash) : rest;
    if (search && !entryName.toLowerCase().includes(search)) continue;
    if (slash >= 0) {
      if (!entries.has(entryName)) {
        entries.set(entryName, {
          name: entryName,
          id: null,
          updated_at: null,
          created_at: null,
          last_accessed_at: null,
          metadata: null,
        });
      }
    } else {
      entries.set(entryName, {
        name: entryName,
        id: row.id,
        updated_at: row.updated_at.toISOString(),
        created_at: row.created_at.toISOString(),
        last_accessed_at: row.last_accessed_at.toISOString(),
        metadata: row.metadata,
      });
    }
  }
  const sorted = [...entries.values()].sort((a, b) => {
    const left = String(a[column] ?? '');
    const right = String(b[column] ?? '');
    const order = left < right ? -1 : left > right ? 1 : 0;
    return descending ? -order : order;
  });
  return sorted.slice(offset, offset + limit);
}

async function listBuckets(
  stack: StackContext,
  req: IncomingMessage,
  url: URL,
  id: string | null,
): Promise<unknown> {
  const caller = await callerOrThrow(stack, req, url);
  const rows = await asRole(stack, caller, async (tx) => {
    const result = await tx.query<Record<string, unknown>>(
      `select id, name, owner::text as owner, public, file_size_limit, allowed_mime_types, created_at, updated_at
       from storage.buckets where $1::text is null or id = $1::text order by name`,
      [id],
    );
    return result.rows;
  });
  if (id === null) return rows;
  if (!rows[0]) throw bucketNotFound();
  return rows[0];
}

/** `/storage/v1/*`: `path` is what follows /storage/v1. */
export async function handleStorage(
  stack: StackContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
): Promise<void> {
  const method = req.method ?? 'GET';
  try {
    let segments: string[];
    try {
      segments = path
        .split('/')
        .filter(Boolean)
        .map((segment) => decodeURIComponent(segment));
    } catch {
      throw notFound();
    }
    const [area, kind, ...rest] = segments;
    const reading = method === 'GET' || method === 'HEAD';
    // Signed URLs and public objects are opened by <audio>/<img> elements, which send no apikey.
    if (area === 'object' && kind === 'sign' && reading) return await serveSigned(stack, req, res, url, rest);
    if (area === 'object' && kind === 'public' && reading)
      return await servePublic(stack, req, res, url, rest);

    const keyError = apiKeyError(stack, req, url);
    if (keyError) return sendJson(res, 401, keyError);

    if (area === 'object') {
      if (kind === 'sign' && method === 'POST' && rest.length === 1) {
        return sendJson(res, 200, await createSignedUrls(stack, req, url, rest[0] ?? ''));
      }
      if (kind === 'sign' && method === 'POST')
        return sendJson(res, 200, await createSignedUrl(stack, req, url, rest));
      if (kind === 'list' && method === 'POST')
        return sendJson(res, 200, await list(stack, req, url, rest[0] ?? ''));
      if (kind === 'authenticated' && reading) return await serveAuthenticated(stack, req, res, url, rest);
      const objectSegments = segments.slice(1);
      if (reading) return await serveAuthenticated(stack, req, res, url, objectSegments);
      if (method === 'POST' || method === 'PUT') {
        return sendJson(res, 200, await upload(stack, req, url, objectSegments, method));
      }
      if (method === 'DELETE') {
        if (objectSegments.length === 1) {
          const body = await readJsonObject(req);
          const prefixes = Array.isArray(body.prefixes)
            ? body.prefixes.filter((p): p is string => typeof p === 'string')
            : [];
          return sendJson(res, 200, await removeMany(stack, req, url, objectSegments[0] ?? '', prefixes));
        }
        const { bucket, name } = objectPath(objectSegments);
        const deleted = await removeMany(stack, req, url, bucket, [name]);
        if (deleted.length === 0) throw notFound();
        return sendJson(res, 200, { message: 'Successfully deleted' });
      }
    }
    if (area === 'bucket' && reading && segments.length <= 2) {
      return sendJson(res, 200, await listBuckets(stack, req, url, kind ?? null));
    }
    throw new StorageError('404', 'not_found', 'Route not found', 404);
  } catch (error) {
    if (error instanceof StorageError) {
      return sendJson(res, error.httpStatus, {
        statusCode: error.statusCode,
        error: error.error,
        message: error.message,
      });
    }
    const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
    if (code === '23505')
      return sendJson(res, 400, {
        statusCode: '409',
        error: 'Duplicate',
        message: 'The resource already exists',
      });
    if (code === '42501') {
      return sendJson(res, 400, {
        statusCode: '403',
        error: 'Unauthorized',
        message: 'new row violates row-level security policy',
      });
    }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return sendJson(res, 400, {
        statusCode: '400',
        error: 'DatabaseError',
        message: error instanceof Error ? error.message : 'error',
      });
    }
    throw error;
  }
}

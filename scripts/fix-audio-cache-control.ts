// One-off, after deploying the upload that stores audio with `Cache-Control: private, no-store`
// (docs/security.md "Cached audio links"): files uploaded before it answer every download, signed links
// included, with what they were stored with (`max-age=3600` from storage-js, or `no-cache`), so a browser may
// keep playing a link after it expired. Storage serves the Cache-Control kept with the stored file itself (not
// the storage.objects row), so the only fix is to store each file again, in place, with the right header: this
// script downloads every full track (products.audio_path) and private recording (private_audio.object_path)
// with the service role and uploads the same bytes to the same name. Names, rows and links stay as they are.
//
//   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<service role key> \
//     npx tsx scripts/fix-audio-cache-control.ts
//
// Safe to run again: a file already stored with the right header is left alone. Each file is held in memory
// while it is stored again (up to the bucket's 200 MiB).

const AUDIO_CACHE_CONTROL = 'private, no-store';

interface Target {
  bucket: 'audio' | 'private-audio';
  name: string;
}

export interface FixReport {
  fixed: string[];
  alreadyRight: number;
  failed: { name: string; status: number }[];
}

const objectPath = ({ bucket, name }: Target) =>
  `${bucket}/${name.split('/').map(encodeURIComponent).join('/')}`;

/** Every stored file a customer's link may point at: full tracks and private recordings (not public previews). */
async function targets(url: string, headers: Record<string, string>): Promise<Target[]> {
  const read = async <T>(query: string): Promise<T[]> => {
    const response = await fetch(`${url}/rest/v1/${query}`, { headers });
    if (!response.ok) throw new Error(`Reading ${query.split('?')[0]} failed: HTTP ${response.status}`);
    return (await response.json()) as T[];
  };
  const [products, privateAudio] = await Promise.all([
    read<{ audio_path: string }>('products?select=audio_path&audio_path=not.is.null'),
    read<{ object_path: string }>('private_audio?select=object_path'),
  ]);
  return [
    ...products.map((row): Target => ({ bucket: 'audio', name: row.audio_path })),
    ...privateAudio.map((row): Target => ({ bucket: 'private-audio', name: row.object_path })),
  ];
}

/** Stores every full track and private recording again with `Cache-Control: private, no-store`. */
export async function fixAudioCacheControl(url: string, serviceRoleKey: string): Promise<FixReport> {
  const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };
  const report: FixReport = { fixed: [], alreadyRight: 0, failed: [] };
  for (const target of await targets(url, headers)) {
    const download = await fetch(`${url}/storage/v1/object/authenticated/${objectPath(target)}`, { headers });
    if (!download.ok) {
      await download.body?.cancel();
      report.failed.push({ name: target.name, status: download.status });
      continue;
    }
    if (download.headers.get('cache-control') === AUDIO_CACHE_CONTROL) {
      await download.body?.cancel();
      report.alreadyRight += 1;
      continue;
    }
    const body = new Uint8Array(await download.arrayBuffer());
    const upload = await fetch(`${url}/storage/v1/object/${objectPath(target)}`, {
      method: 'PUT',
      headers: {
        ...headers,
        'content-type': download.headers.get('content-type') ?? 'audio/mpeg',
        'cache-control': AUDIO_CACHE_CONTROL,
        'x-upsert': 'true',
      },
      body,
    });
    await upload.body?.cancel();
    if (upload.ok) report.fixed.push(target.name);
    else report.failed.push({ name: target.name, status: upload.status });
  }
  return report;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const url = process.env.SUPABASE_URL?.replace(/\/+$/, '');
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) {
    console.error('Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY (the project’s service role key).');
    process.exit(1);
  }
  const report = await fixAudioCacheControl(url, key);
  // Object names are ids, never titles (docs/product-rules.md D26), so they may be printed.
  console.info(
    `Stored again with "${AUDIO_CACHE_CONTROL}": ${report.fixed.length}; already right: ${report.alreadyRight}; failed: ${report.failed.length}.`,
  );
  for (const failure of report.failed) console.error(`  ${failure.name}: HTTP ${failure.status}`);
  if (report.failed.length > 0) process.exit(1);
}

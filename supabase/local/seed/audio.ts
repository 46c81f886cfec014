import { readFile, stat } from 'node:fs/promises';
import type { Database } from '../db/engine.ts';
import { toneMp3 } from './mp3.ts';
import { objectFile, objectMetadata, writeObjectFile } from '../storage/files.ts';

/** The private bucket the catalogue's audio_path/preview_path name objects in (migration "audio_storage"). */
export const AUDIO_BUCKET = 'audio';
/** Previews are short clips; full audio is long enough that seeking, resuming and the sleep timer are testable. */
export const PREVIEW_SECONDS = 12;
export const FULL_SECONDS = 90;

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (info) => info.isFile(),
    () => false,
  );
}

/**
 * Gives every catalogue object a playable file on first start, so previews and purchased audio really stream
 * locally: a quiet tone as MP3 (12 s previews; 90 s full audio in pulses of tone and silence), and its
 * storage.objects row. Object names are whatever the catalogue's paths say (by product id).
 * Objects that already exist (uploaded by an admin, or seeded before) are left alone. Returns how many
 * objects were created.
 */
export async function seedAudio(db: Database, storageRoot: string): Promise<number> {
  const bucket = await db.query('select 1 from storage.buckets where id = $1', [AUDIO_BUCKET]);
  if (bucket.rows.length === 0) return 0;
  const catalogue = await db.query<{ name: string; full: boolean }>(
    `select audio_path as name, true as full from public.products where audio_path is not null
     union
     select preview_path, false from public.products where preview_path is not null`,
  );
  const present = await db.query<{ name: string }>('select name from storage.objects where bucket_id = $1', [
    AUDIO_BUCKET,
  ]);
  const known = new Set(present.rows.map((row) => row.name));
  const files = {
    // Eight seconds of tone, two of silence: where a seek landed can be heard.
    full: toneMp3(FULL_SECONDS, { pulse: { tone: 8, gap: 2 } }),
    preview: toneMp3(PREVIEW_SECONDS),
  };
  const missing: { name: string; data: Uint8Array; full: boolean }[] = [];
  for (const row of catalogue.rows) {
    if (known.has(row.name)) continue;
    let file: string;
    try {
      file = objectFile(storageRoot, AUDIO_BUCKET, row.name);
    } catch {
      continue; // a path storage would refuse; nothing to seed
    }
    let data: Uint8Array;
    if (await exists(file)) {
      data = new Uint8Array(await readFile(file)); // a file without its row: describe what is there
    } else {
      data = row.full ? files.full : files.preview;
      await writeObjectFile(file, data);
    }
    missing.push({ name: row.name, data, full: row.full });
  }
  if (missing.length === 0) return 0;
  await db.transaction(async (tx) => {
    for (const object of missing) {
      await tx.query(
        `insert into storage.objects (bucket_id, name, metadata) values ($1, $2, $3::text::jsonb)
         on conflict (bucket_id, name) do nothing`,
        [
          AUDIO_BUCKET,
          object.name,
          // As the admin's upload stores them (docs/security.md "Cached audio links"): a full track is never
          // kept by a browser or a CDN past its short-lived link; a public preview may be cached.
          JSON.stringify(
            objectMetadata(
              object.data,
              'audio/mpeg',
              object.full ? 'private, no-store' : 'public, max-age=3600',
            ),
          ),
        ],
      );
    }
  });
  return missing.length;
}

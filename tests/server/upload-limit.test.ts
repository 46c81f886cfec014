// One upload limit (docs/security.md "Uploads"): Storage's project-wide cap in supabase/config.toml is the audio
// buckets' own limit and the dashboard's, so a long recording the dashboard accepts is not refused by Storage
// (it was 50 MiB against the buckets' 200 MiB).
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_AUDIO_BYTES } from '@/lib/audio-upload';
import { loadStackConfig } from '../../supabase/local/config-toml.ts';

describe('the upload limit', () => {
  it("config.toml's storage limit, both audio buckets' and the dashboard's are the same", () => {
    expect(loadStackConfig('supabase/config.toml').fileSizeLimit).toBe(MAX_AUDIO_BYTES);
    const migrations = readdirSync('supabase/migrations')
      .map((file) => readFileSync(`supabase/migrations/${file}`, 'utf8'))
      .join('\n');
    for (const bucket of ['audio', 'private-audio']) {
      const insert = new RegExp(`values \\(\\s*'${bucket}',\\s*'${bucket}',\\s*false,\\s*(\\d+)`).exec(
        migrations,
      );
      expect(Number(insert?.[1]), bucket).toBe(MAX_AUDIO_BYTES);
    }
  });
});

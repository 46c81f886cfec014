// The length of an uploaded MP3, read from its frames in the browser (src/lib/audio-duration.ts), and the
// Length field it fills (length-input.ts): MP3s from the local stack's tone generator and hand-made VBR frames.
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { readAudioDuration } from '@/lib/audio-duration';
import { frameHeaderAt } from '../../supabase/functions/_shared/audio-bytes.ts';
import { formatLength, parseLength } from '@/features/admin/length-input';
import { toneMp3 } from '../../supabase/local/seed/mp3';

// Node's Blob: jsdom's has no arrayBuffer(), which every browser's has.
const blob = (...parts: Uint8Array[]) => new NodeBlob(parts) as unknown as Blob;

/** An ID3v2.4 tag of `size` bytes of content (size as four 7-bit bytes). */
function id3v2(size: number): Uint8Array {
  const tag = new Uint8Array(10 + size);
  tag.set([
    0x49,
    0x44,
    0x33,
    4,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  // Content that looks like a frame sync must not be taken for audio.
  tag.fill(0xff, 10);
  return tag;
}

/** Two MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, stereo), the first with a Xing header counting `frames`. */
function xingMp3(frames: number): Uint8Array {
  const header = [0xff, 0xfb, 0x90, 0x00];
  const frameBytes = 417;
  const file = new Uint8Array(frameBytes * 2);
  file.set(header, 0);
  file.set(header, frameBytes);
  // After the header and 32 bytes of side information: 'Xing', flags (frames present), the frame count.
  file.set(
    [
      0x58,
      0x69,
      0x6e,
      0x67,
      0,
      0,
      0,
      1,
      frames >>> 24,
      (frames >> 16) & 0xff,
      (frames >> 8) & 0xff,
      frames & 0xff,
    ],
    36,
  );
  return file;
}

describe('readAudioDuration (MP3)', () => {
  it('a constant-bitrate MP3: its size over its bitrate', async () => {
    expect(frameHeaderAt(toneMp3(1), 0)).toMatchObject({ bitrate: 8000, sampleRate: 16_000, bytes: 36 });
    expect(await readAudioDuration(blob(toneMp3(30)), 'mp3')).toBe(30);
    expect(await readAudioDuration(blob(toneMp3(754)), 'mp3')).toBe(754);
  });

  it('skips an ID3v2 tag before the audio and an ID3v1 tag after it', async () => {
    const id3v1 = new Uint8Array(128);
    id3v1.set([0x54, 0x41, 0x47]);
    expect(await readAudioDuration(blob(id3v2(4000), toneMp3(12), id3v1), 'mp3')).toBe(12);
  });

  it('a variable-bitrate MP3: the frame count of its Xing header', async () => {
    // 2297 frames of 1152 samples at 44.1 kHz: 60 s, whatever the file's size.
    expect(await readAudioDuration(blob(xingMp3(2297)), 'mp3')).toBe(60);
  });

  it('null for a file with no MPEG audio frames, or too short to say', async () => {
    expect(
      await readAudioDuration(blob(new TextEncoder().encode('not audio at all '.repeat(100))), 'mp3'),
    ).toBeNull();
    expect(await readAudioDuration(blob(id3v2(100)), 'mp3')).toBeNull();
    expect(await readAudioDuration(blob(toneMp3(0.1)), 'mp3')).toBeNull();
  });
});

describe('the Length field', () => {
  it('reads minutes and seconds, hours, or whole minutes; shows seconds as m:ss', () => {
    expect(parseLength('12:30')).toBe(750);
    expect(parseLength(' 1:05:00 ')).toBe(3900);
    expect(parseLength('45')).toBe(2700);
    expect(parseLength('')).toBeNull();
    for (const bad of ['12:75', 'twelve', '0', '0:00', '-3', '1:2']) expect(parseLength(bad)).toBeNaN();
    expect(formatLength(750)).toBe('12:30');
    expect(formatLength(3900)).toBe('1:05:00');
    expect(formatLength(59)).toBe('0:59');
    expect(formatLength(null)).toBe('');
    expect(parseLength(formatLength(4321))).toBe(4321);
  });
});
